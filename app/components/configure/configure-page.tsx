import { lazy } from 'react';
import type { BuyFor } from '../../domain/buy-for';
import type { ProductKind } from '../../domain/cart-rules';
import type { ConfigureParts, ConfigureProcess, PrimaryAction } from '../../domain/configure';
import type { ProfilePart } from '../../domain/profile-completeness';
import type { configureSchema } from '../../forms/configure';
import type { ConfigureDraft, ConfigureField } from '../../domain/configure';
import type { DependentFormView } from '../../forms/refresh';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { SelectOption } from '../form/select-field';
import { Breadcrumb } from '../ui/breadcrumb';
import { ConfigureForm, type SummaryName } from './configure-form';
import { PurchaseSteps } from '../purchase-steps';

// Only a fan with an incomplete profile sees it: not part of the form's first load.
const MissingProfile = lazy(() => import('./missing-profile').then((module) => ({ default: module.MissingProfile })));

/**
 * The price now, worded on the server (issue 10: the page then needs none of the catalogue's
 * translations in the browser).
 */
export type PriceView =
  | { kind: 'coupon-only' | 'list'; text: string }
  | { kind: 'promo'; text: string; listText: string; promoLabel: string; listLabel: string }
  /** With a coupon: nothing, instead of the price of the moment (none for a coupon-only product). */
  | { kind: 'coupon'; text: string; listText: string | null; couponLabel: string; listLabel: string };

export type ConfigurePageData = {
  product: {
    id: string;
    name: string;
    imageUrl: string;
    kind: ProductKind;
    price: PriceView;
    variants: { value: string; label: string; itLabel: string; ukLabel: string; soldOut: boolean }[];
    customization: { label: string; minLength: number; maxLength: number } | null;
  };
  process: ConfigureProcess;
  editing: { id: string; documents: { side: 'FRONT' | 'BACK'; fileName: string; fileType: string; size: number }[] } | null;
  /** Profile completion, coming back to this page. */
  completeHref: string;
  missing: ProfilePart[];
};

export type ConfigureFormData = {
  buyFor: { choices: { choice: BuyFor; href: string }[]; chosen: BuyFor; ageNotOk: boolean };
  /** The error summary's label of each name it may list, worded by the loader. */
  summaryLabels: Record<SummaryName, string>;
  parts: ConfigureParts;
  own: { firstName: string; lastName: string; email: string; dob: string; taxCode: string };
  primaryAction: PrimaryAction;
  schema: ReturnType<typeof configureSchema>;
  view: DependentFormView<ConfigureField, { choices: { countries: SelectOption[]; provinces: SelectOption[]; cities: SelectOption[] } }> & {
    values: ConfigureDraft;
  };
};

/**
 * The configure page: the product, then either what the profile lacks (with the way to complete
 * it and come back), the age message when no buy-for option fits, or the form.
 */
export function ConfigurePage({ page, form }: { page: ConfigurePageData; form: ConfigureFormData | null }) {
  const { t } = useShopTranslation('configure');
  const { product } = page;
  const heading = t(`configure:heading.${page.process}`, { name: product.name });
  return (
    <article className="configure" aria-labelledby="configure-heading">
      <Breadcrumb trail={[{ to: `/products/${product.id}`, label: product.name }]} current={t(`configure:current.${page.process}`)} />
      <PurchaseSteps current="configure" />
      <div className="configure__product">
        <img src={product.imageUrl} alt="" width={96} height={60} className="configure__image" />
        <div>
          <h1 id="configure-heading">{heading}</h1>
          <Price price={product.price} />
        </div>
      </div>
      {page.missing.length > 0 ? (
        <MissingProfile missing={page.missing} completeHref={page.completeHref} />
      ) : form === null ? null : form.buyFor.ageNotOk ? (
        <p className="configure__notice" role="alert">
          {t('configure:buyFor.ageNotOk')}
        </p>
      ) : (
        // A new buy-for choice is a new form: the other choice's refused fields must not linger.
        <ConfigureForm key={form.buyFor.chosen} page={page} form={form} />
      )}
    </article>
  );
}

/** The price as the catalogue shows it (a promo: the old price struck through, announced in words). */
function Price({ price }: { price: PriceView }) {
  if (price.kind === 'coupon') {
    return (
      <p className="configure__price price--promo">
        <ins>{price.text}</ins>{' '}
        {price.listText ? (
          <>
            <del>
              <span className="visually-hidden">{price.listLabel} </span>
              {price.listText}
            </del>{' '}
          </>
        ) : null}
        {price.couponLabel}
      </p>
    );
  }
  if (price.kind !== 'promo') return <p className="configure__price">{price.text}</p>;
  return (
    <p className="configure__price price--promo">
      <span className="visually-hidden">{price.promoLabel} </span>
      <ins>{price.text}</ins>{' '}
      <del>
        <span className="visually-hidden">{price.listLabel} </span>
        {price.listText}
      </del>
    </p>
  );
}
