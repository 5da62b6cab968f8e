// What the configure pages need from the outside world: the product, process and buy-for choice
// the URL names, the item being edited, the fan's own data, the schema's context and the
// birth-place lists of an on-behalf holder. The route stays a thin loader/action/component.
import { data, redirect } from 'react-router';
import { buyForOptions, initialBuyFor, isBuyFor, type BuyFor, type BuyForOptions } from '../../domain/buy-for';
import type { Language, ProductDetail } from '../../domain/catalogue-types';
import { productKindOf } from '../../domain/cart-rules';
import {
  allowedProcesses,
  CONFIGURE_FIELDS,
  configurePartsOf,
  isConfigureProcess,
  type ConfigureCheckContext,
  type ConfigureDraft,
  type ConfigureField,
  type ConfigureParts,
  type ConfigureProcess,
} from '../../domain/configure';
import { formatCouponCode } from '../../domain/coupon-code';
import { ITALY } from '../../domain/countries';
import { romeDate } from '../../domain/shop-time';
import type { SummaryName } from '../../components/configure/configure-form';
import type { PriceView } from '../../components/configure/configure-page';
import { formatBirthDate } from '../../domain/birth-date';
import { pageAddress } from '../../domain/page-address';
import { isSubmissionKey, SUBMISSION_PARAM } from '../../domain/submission-key';
import { formatPrice } from '../../domain/price';
import { configurePrice } from '../../domain/cart-summary';
import type { DescribeForm } from '../../.server/http/refresh';
import { countryNationalCodes } from '../../.server/services/birth-places';
import type { CartItemView, CartOwner } from '../../.server/services/cart-contract';
import type { Customer } from '../../.server/services/customers';
import type { Services } from '../../.server/services';
import { birthPlaceChoices, type BirthPlaceChoices } from '../account/birth-place-view.server';

export type ConfigureTarget = {
  product: ProductDetail;
  process: ConfigureProcess;
  /** The item being edited (`?cartItem=`), this fan's and for this product. */
  editing: CartItemView | null;
};

/**
 * The product, process and edited item the URL names, or a 404: an unknown product, a process
 * the product does not allow (sold out, a gift of the club card…), or a `cartItem` that is not
 * this fan's item of this product in this process.
 */
export async function readConfigureTarget(
  services: Services,
  owner: CartOwner,
  params: { id: string; process?: string },
  url: URL,
): Promise<ConfigureTarget> {
  const product = await services.catalogue.getProductDetail(params.id);
  if (!product) throw data({ reason: 'product-not-found' }, { status: 404 });
  const process = params.process;
  if (!isConfigureProcess(process) || !allowedProcesses(configurableOf(product)).includes(process)) {
    throw data(null, { status: 404 });
  }
  const cartItemId = url.searchParams.get('cartItem');
  if (cartItemId === null) return { product, process, editing: null };
  const editing = await services.cart.findItem(owner, cartItemId);
  if (!editing || editing.productId !== product.id || editing.process !== process) throw data(null, { status: 404 });
  return { product, process, editing };
}

export function configurableOf(product: ProductDetail) {
  return { ...product, kind: productKindOf(product.tags) };
}

/**
 * The buy-for choice a page opens with: `?buyFor=` when it names an offered one, else an edited
 * item's own, else the rule's default. A value the rule does not offer is a 400 (a forged or
 * stale link); with no option at all the page says so (`ageNotOk`) and shows no form.
 */
export function chooseBuyFor(options: BuyForOptions, requested: string | null, editing: CartItemView | null): BuyFor {
  if (requested !== null && requested !== '') {
    if (!isBuyFor(requested) || (!options.ageNotOk && !options.offered.includes(requested))) throw data(null, { status: 400 });
    return requested;
  }
  return initialBuyFor(options, editing?.buyFor ?? null);
}

/** The schema's inputs for this fan, product and process (sent to the browser, which builds the same schema). */
export async function configureFormContext(
  product: ProductDetail,
  process: ConfigureProcess,
  customer: Customer,
  now: Date,
): Promise<ConfigureCheckContext> {
  const customization = product.customizations[0];
  return {
    process,
    product: {
      kind: productKindOf(product.tags),
      tags: product.tags,
      priceCents: product.priceCents,
      availability: product.availability,
      soldOut: product.soldOut,
      minHolderAge: product.minHolderAge,
      maxHolderAge: product.maxHolderAge,
      variants: product.variants.map((variant) => ({ id: variant.id, stockQty: variant.stockQty })),
      customization: customization ? { minLength: customization.minLength, maxLength: customization.maxLength } : null,
    },
    customerBirthDate: customer.dob ?? '',
    today: romeDate(now),
    countryNationalCodes: await countryNationalCodes(),
  };
}

export function buyForOptionsOf(product: ProductDetail, customer: Customer, now: Date): BuyForOptions {
  return buyForOptions(product, customer.dob ?? '', romeDate(now));
}


export function partsOf(product: ProductDetail, process: ConfigureProcess, buyFor: BuyFor): ConfigureParts {
  return configurePartsOf(
    process,
    { kind: productKindOf(product.tags), hasVariants: product.variants.length > 0, hasCustomization: product.customizations.length > 0 },
    process === 'gift' ? null : buyFor,
  );
}

/** A new item's form: the chosen buy-for, Italy for the holder's birth country, a link to someone by e-mail. */
export function newConfigureDraft(buyFor: BuyFor, couponCode: string): ConfigureDraft {
  const draft = Object.fromEntries(CONFIGURE_FIELDS.map((field) => [field, ''])) as ConfigureDraft;
  return {
    ...draft,
    buyFor,
    birthCountryCode: ITALY,
    couponCode: couponCode === '' ? '' : formatCouponCode(couponCode),
    giftRecipient: 'someone',
    giftContactType: 'EMAIL',
  };
}

/** What was submitted, as the form shows it again after a refused save. */
export function submittedConfigureDraft(formData: FormData): ConfigureDraft {
  const valueOf = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(CONFIGURE_FIELDS.map((field) => [field, valueOf(field)])) as ConfigureDraft;
}

export type ConfigureFormView = { choices: BirthPlaceChoices };

/** The holder's birth-place lists for what the form holds (only asked on behalf). */
export function describeConfigureForm(language: Language, today: string, holderFields: boolean): DescribeForm<ConfigureField, ConfigureFormView> {
  return async (values) => {
    if (!holderFields) return { choices: { countries: [], provinces: [], cities: [] } };
    const choices = await birthPlaceChoices(
      {
        dob: values.dob.trim(),
        birthCountryCode: values.birthCountryCode.trim().toUpperCase(),
        birthProvinceCode: values.birthProvinceCode.trim().toUpperCase(),
      },
      language,
      today,
    );
    return { choices };
  };
}

/**
 * The price worded on the server (the page needs none of the catalogue's translations in the
 * browser): what the item goes into the cart at (domain `configurePrice`).
 */
function priceView(product: ProductDetail, withCoupon: boolean, language: Language, now: Date, t: (key: string) => string): PriceView {
  const price = configurePrice(product, withCoupon, now);
  if (price.kind === 'with-coupon') {
    return {
      kind: 'coupon',
      text: formatPrice(price.priceCents, language),
      listText: price.listPriceCents === null ? null : formatPrice(price.listPriceCents, language),
      couponLabel: t('catalogue:price.withCoupon'),
      listLabel: t('catalogue:price.listLabel'),
    };
  }
  if (price.kind === 'coupon-only') return { kind: price.kind, text: t('catalogue:price.couponOnly') };
  if (price.kind === 'list') return { kind: price.kind, text: formatPrice(price.priceCents, language) };
  return {
    kind: 'promo',
    text: formatPrice(price.priceCents, language),
    listText: formatPrice(price.listPriceCents, language),
    promoLabel: t('catalogue:price.promoLabel'),
    listLabel: t('catalogue:price.listLabel'),
  };
}

/**
 * The product as the page shows it: name, picture, price now (nothing `withCoupon`: the coupon
 * process, or an edited item that keeps its coupon), sizes and the customisation rule.
 */
export function productView(product: ProductDetail, withCoupon: boolean, language: Language, now: Date, t: (key: string) => string) {
  const customization = product.customizations[0];
  return {
    id: product.id,
    name: product.name[language],
    imageUrl: product.imageUrl,
    kind: productKindOf(product.tags),
    price: priceView(product, withCoupon, language, now, t),
    variants: product.variants.map((variant) => ({
      value: variant.id,
      label: variant.label,
      itLabel: variant.itLabel,
      ukLabel: variant.ukLabel,
      soldOut: variant.stockQty <= 0,
    })),
    customization: customization
      ? { label: customization.ruleLabel[language], minLength: customization.minLength, maxLength: customization.maxLength }
      : null,
  };
}

/** The fan as holder (for myself) or manager (on behalf), read-only: from the profile, never the form. */
export function ownDataOf(customer: Customer) {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    // Formatted here: the page then needs no date code for it.
    dob: customer.dob ? formatBirthDate(customer.dob) : '',
    taxCode: customer.taxCode ?? '',
  };
}

/**
 * The error summary's label of every name it may list, worded here so the browser needs no
 * code for it; a part the page does not show has none to list.
 */
export function summaryLabels(t: (key: string) => string, parts: ConfigureParts, customizationLabel: string): Record<SummaryName, string> {
  const when = (shown: boolean, key: string) => (shown ? t(key) : '');
  const holder = (key: string) => when(parts.holderFields, `configureParts:holder.${key}`);
  return {
    product: t('configure:summary.product'),
    buyFor: t('configure:buyFor.label'),
    firstName: holder('firstName'),
    lastName: holder('lastName'),
    email: holder('email'),
    phone: holder('phone'),
    dob: holder('dob'),
    gender: holder('gender'),
    birthCountryCode: holder('birthCountry'),
    birthProvinceCode: holder('birthProvince'),
    birthCityCode: holder('birthCity'),
    taxCode: holder('taxCode'),
    couponCode: t('configure:coupon.label'),
    automaticRenewal: t('configure:renewal.label'),
    variantId: when(parts.variant, 'configureParts:size.legend'),
    customization: customizationLabel,
    documentType: when(parts.documents, 'configureParts:documents.type'),
    documentFront: when(parts.documents, 'configureParts:documents.front'),
    documentBack: when(parts.documents, 'configureParts:documents.back'),
    giftRecipient: when(parts.gift, 'configureParts:gift.recipient'),
    giftMessage: when(parts.gift, 'configureParts:gift.message'),
    giftContactType: when(parts.gift, 'configureParts:gift.contactType'),
    giftEmail: when(parts.gift, 'configureParts:gift.email'),
    giftPhone: when(parts.gift, 'configureParts:gift.phone'),
  };
}

/** The buy-for links: this page with `buyFor` set to each offered choice (the rest of the query kept). */
export function buyForChoices(offered: readonly BuyFor[], requestUrl: string): { choice: BuyFor; href: string }[] {
  const { pathname, search } = pageAddress(requestUrl);
  return offered.map((choice) => {
    const query = new URLSearchParams(search);
    query.set('buyFor', choice);
    return { choice, href: `${pathname}?${query.toString()}` };
  });
}

/** The page's submission key (`?submission=`), or null when it has none or a forged one. */
export function submissionKeyOf(url: URL): string | null {
  const key = url.searchParams.get(SUBMISSION_PARAM);
  return isSubmissionKey(key) ? key : null;
}

/**
 * A new item's form page has a submission key in its URL (domain/submission-key.ts): without
 * one, the same page with a fresh key (302); with one that already made an item of this fan's
 * cart (a fan who went back after adding), that item to edit instead. Only for a page the
 * client asked for (`clientMethod` GET or HEAD): after a refused POST the loader renders the
 * answer to it, which a redirect would throw away (a form posted without a key, e.g. by curl).
 */
export async function requireSubmissionKey(services: Services, owner: CartOwner, requestUrl: string, clientMethod: string): Promise<void> {
  if (clientMethod !== 'GET' && clientMethod !== 'HEAD') return;
  const { pathname, search } = pageAddress(requestUrl);
  const query = new URLSearchParams(search);
  const key = query.get(SUBMISSION_PARAM);
  if (!isSubmissionKey(key)) {
    query.set(SUBMISSION_PARAM, crypto.randomUUID());
    throw redirect(`${pathname}?${query.toString()}`);
  }
  const itemId = await services.cart.findItemBySubmission(owner, key);
  if (itemId === null) return;
  query.delete(SUBMISSION_PARAM);
  query.set('cartItem', itemId);
  throw redirect(`${pathname}?${query.toString()}`);
}
