import { Link, useLocation } from 'react-router';
import { PriceTag } from '../catalogue/price-tag';
import { Badge } from '../ui/badge';
import { Breadcrumb } from '../ui/breadcrumb';
import { Card } from '../ui/card';
import { DialogLink } from '../ui/dialog-link';
import { EmptyState } from '../ui/empty-state';
import { Notice } from '../ui/notice';
import { PurchaseSteps } from '../purchase-steps';
import { Tabs } from '../ui/tabs';
import type { Language } from '../../domain/catalogue-types';
import { PURCHASE_STEPS } from '../../domain/steps';
import { chooseTab, tabHref } from '../../domain/tabs';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Specimen } from './specimen';

/** Where the dialog's link goes without JavaScript: the same content as a page. */
export const SHOWCASE_DIALOG_PATH = '/dev/components/dialog';
const SHOWCASE_TABS = ['overview', 'benefits', 'terms'] as const;
const EMBLEM = '/brand/emblem.svg';

export function NoticeSpecimens() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="notices-heading" title={t('components.notices.heading')}>
      {(['info', 'success', 'warning', 'error'] as const).map((tone) => (
        <Notice key={tone} tone={tone} title={t(`components.notices.${tone}Title`)}>
          <p>{t(`components.notices.${tone}`)}</p>
        </Notice>
      ))}
    </Specimen>
  );
}

export function CardSpecimens() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="cards-heading" title={t('components.cards.heading')}>
      <div className="showcase__cards">
        <Card
          title={t('components.cards.title')}
          media={<img src={EMBLEM} alt="" width="128" height="128" className="showcase__emblem" />}
          actions={
            <>
              <Link to="/products" className="button button--primary">
                {t('components.cards.choose')}
              </Link>
              <Link to="/products" className="button button--quiet">
                {t('components.cards.details')}
              </Link>
            </>
          }
        >
          <p>
            <Badge tone="accent">{t('components.badges.accent')}</Badge>
          </p>
          <p>{t('components.cards.text')}</p>
        </Card>
        <Card
          title={t('components.cards.plainTitle')}
          actions={
            <Link to="/products" className="button">
              {t('components.cards.details')}
            </Link>
          }
        >
          <p>{t('components.cards.plainText')}</p>
        </Card>
      </div>
    </Specimen>
  );
}

/** Tabs as links on this very page (`?tab=`): the panel below follows the address. */
export function TabSpecimens() {
  const { t } = useShopTranslation('dev');
  const { pathname, search } = useLocation();
  const current = chooseTab(SHOWCASE_TABS, new URLSearchParams(search).get('tab'));
  const tabs = SHOWCASE_TABS.map((id) => ({
    id,
    label: t(`components.tabs.${id}`),
    href: `${tabHref(SHOWCASE_TABS, id, pathname, search)}#tabs-heading`,
  }));
  return (
    <Specimen id="tabs-heading" title={t('components.tabs.heading')}>
      <Tabs label={t('components.tabs.label')} tabs={tabs} current={current} />
      <section aria-labelledby="tab-panel-heading" className="showcase__stack">
        <h3 id="tab-panel-heading">{t(`components.tabs.${current}`)}</h3>
        <p>{t(`components.tabs.panel.${current}`)}</p>
      </section>
    </Specimen>
  );
}

export function BreadcrumbSpecimen() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="breadcrumb-heading" title={t('components.breadcrumb.heading')}>
      <Breadcrumb
        trail={[
          {
            to: '/mymembership/manage',
            label: t('components.breadcrumb.trail'),
          },
        ]}
        current={t('components.breadcrumb.current')}
      />
    </Specimen>
  );
}

/** The dialog's content, shown in the dialog and on its page (SHOWCASE_DIALOG_PATH). */
export function ShowcaseDialogContent() {
  const { t } = useShopTranslation('dev');
  return (
    <>
      <p>{t('components.dialog.body')}</p>
      <p>{t('components.dialog.body2')}</p>
    </>
  );
}

export function DialogSpecimen() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="dialog-heading" title={t('components.dialog.heading')} note={t('components.dialog.note')}>
      <div>
        <DialogLink
          href={SHOWCASE_DIALOG_PATH}
          className="button"
          title={t('components.dialog.title')}
          content={<ShowcaseDialogContent />}
          closeText={t('components.dialog.close')}
        >
          {t('components.dialog.open')}
        </DialogLink>
      </div>
    </Specimen>
  );
}

export function StepsSpecimens() {
  const { t } = useShopTranslation('dev');
  const steps = useShopTranslation('purchaseSteps').t;
  return (
    <Specimen id="steps-heading" title={t('components.steps.heading')}>
      {PURCHASE_STEPS.map((id) => (
        <div key={id} className="showcase__stack">
          <p className="showcase__label">{t('components.steps.example', { step: steps(`step.${id}`) })}</p>
          <PurchaseSteps current={id} />
        </div>
      ))}
    </Specimen>
  );
}

export function PriceSpecimens({ language }: { language: Language }) {
  const { t } = useShopTranslation('dev');
  const catalogue = useShopTranslation('catalogue').t;
  return (
    <Specimen id="price-heading" title={t('components.price.heading')}>
      <div className="showcase__row">
        <div>
          <p className="showcase__label">{t('components.price.regular')}</p>
          <PriceTag price={{ kind: 'list', priceCents: 45_000 }} language={language} t={catalogue} />
        </div>
        <div>
          <p className="showcase__label">{t('components.price.promo')}</p>
          <PriceTag
            price={{
              kind: 'promo',
              priceCents: 39_900,
              listPriceCents: 45_000,
              until: new Date(0),
            }}
            language={language}
            t={catalogue}
          />
        </div>
      </div>
    </Specimen>
  );
}

export function BadgeSpecimens() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="badges-heading" title={t('components.badges.heading')}>
      <p className="showcase__row">
        {(['neutral', 'accent', 'success', 'danger'] as const).map((tone) => (
          <Badge key={tone} tone={tone}>
            {t(`components.badges.${tone}`)}
          </Badge>
        ))}
      </p>
    </Specimen>
  );
}

export function EmptyStateSpecimen() {
  const { t } = useShopTranslation('dev');
  return (
    <Specimen id="empty-state-heading" title={t('components.emptyState.heading')}>
      <EmptyState
        headingLevel={3}
        title={t('components.emptyState.title')}
        text={t('components.emptyState.text')}
        action={{ href: '/products', label: t('components.emptyState.action') }}
      />
    </Specimen>
  );
}
