import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { HeroOffer } from '../../domain/catalogue-hero';
import type { Language } from '../../domain/catalogue-types';
import { formatPrice } from '../../domain/price';
import type { SeasonalTheme } from '../../domain/seasonal-theme';

export type HeroData = {
  season: string;
  /** The offer with its last day already worded ("28/12") by the loader: no date code in the page's chunk. */
  offer: (Omit<HeroOffer, 'lastDay'> & { lastDay: string }) | null;
  /** The premium product, the call to action when nothing is on offer. */
  featured: { id: string; name: string } | null;
};

/**
 * The top of /products: the season, the page's heading, the offer of the moment and one accent
 * call to action. The art is CSS (two cards drawn with gradients): no image to wait for, no
 * layout shift; the seasonal theme (`[data-theme]`) restyles it.
 */
export function CatalogueHero({
  hero,
  theme,
  language,
  t,
}: {
  hero: HeroData;
  theme: SeasonalTheme | null;
  language: Language;
  t: TFunction<'catalogue'>;
}) {
  const { offer, featured } = hero;
  const target = offer
    ? { id: offer.productId, label: t('hero.offerAction') }
    : featured && { id: featured.id, label: t('hero.featuredAction', { name: featured.name }) };
  return (
    <section className="hero" aria-labelledby="catalogue-heading">
      <div className="hero__body">
        {hero.season ? <p className="hero__season">{t('hero.season', { season: hero.season })}</p> : null}
        <h1 id="catalogue-heading" className="hero__title">
          {t('heading')}
        </h1>
        <p className="hero__lead">{t('hero.lead')}</p>
        {theme && !offer ? <p className="hero__offer">{t(`themes.${theme}`)}</p> : null}
        {offer ? (
          <p className="hero__offer">
            <strong className="hero__occasion">{t(`hero.occasion.${offer.occasion}`)}</strong>{' '}
            {t('hero.offer', {
              name: offer.name,
              price: formatPrice(offer.priceCents, language),
              listPrice: formatPrice(offer.listPriceCents, language),
              date: offer.lastDay,
            })}
          </p>
        ) : null}
        {target ? (
          <p className="hero__actions">
            <Link className="button button--accent hero__cta" to={`/products/${target.id}`}>
              {target.label}
            </Link>
            <a className="hero__compare" href="#benefits">
              {t('hero.compare')}
            </a>
          </p>
        ) : null}
      </div>
      <div className="hero__art" aria-hidden="true">
        <span className="hero__card hero__card--back" />
        <span className="hero__card hero__card--front">
          <span className="hero__card-season">{hero.season}</span>
        </span>
      </div>
    </section>
  );
}
