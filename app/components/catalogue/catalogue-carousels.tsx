import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { Carousel, type CarouselControls } from '../ui/carousel';

/** The pager's words for a carousel named by its heading. */
function controlsFor(id: string, name: string, t: TFunction<'catalogue'>): CarouselControls {
  return {
    id,
    label: t('carousel.controls', { name }),
    slide: (position, total) => t('carousel.slide', { position, total }),
    previous: (position, total) => t('carousel.previous', { position, total }),
    next: (position, total) => t('carousel.next', { position, total }),
  };
}

export type GallerySlide = { id: string; name: string; imageUrl: string };

/** The season's cards, one slide each. */
export function GalleryCarousel({ slides }: { slides: GallerySlide[] }) {
  const { t } = useShopTranslation('catalogue');
  return (
    <div className="catalogue__carousel">
      <h2 id="gallery-heading">{t('gallery.heading')}</h2>
      <Carousel
        labelledBy="gallery-heading"
        controls={controlsFor('gallery', t('gallery.heading'), t)}
        slides={slides.map((slide) => ({
          key: slide.id,
          content: (
            <figure className="gallery-slide">
              <img src={slide.imageUrl} alt="" width={640} height={400} loading="lazy" decoding="async" />
              <figcaption>{slide.name}</figcaption>
            </figure>
          ),
        }))}
      />
    </div>
  );
}

const COUPON_STEPS = ['receive', 'enter', 'holder'] as const;

/** How coupons work; the last slide leads to the coupon page (spec §2). */
export function CouponCarousel() {
  const { t } = useShopTranslation('catalogue');
  return (
    <div className="catalogue__carousel">
      <h2 id="coupon-heading">{t('couponCarousel.heading')}</h2>
      <Carousel
        labelledBy="coupon-heading"
        controls={controlsFor('coupon-step', t('couponCarousel.heading'), t)}
        slides={[
          ...COUPON_STEPS.map((step, index) => ({
            key: step,
            content: (
              <div className="coupon-slide">
                <p className="coupon-slide__step">{t('couponCarousel.step', { number: index + 1 })}</p>
                <h3>{t(`couponCarousel.steps.${step}.title`)}</h3>
                <p>{t(`couponCarousel.steps.${step}.text`)}</p>
              </div>
            ),
          })),
          {
            key: 'use-coupon',
            content: (
              <div className="coupon-slide coupon-slide--last">
                <h3>{t('couponCarousel.last.title')}</h3>
                <p>{t('couponCarousel.last.text')}</p>
                <Link className="button button--primary" to="/coupon">
                  {t('couponCarousel.last.action')}
                </Link>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
