// The checkout page's server side (issue 13): what the page shows, worded here (the browser
// needs no catalogue, address or country code), and the rules its form is checked with.
import { randomUUID } from 'node:crypto';
import type { TFunction } from 'i18next';
import { redirect, type RouterContextProvider } from 'react-router';
import { ADDRESS_ID_PARAM, ADDRESS_TYPE_PARAM, REDIRECT_URI_PARAM, canChooseFor } from '../../domain/address-chooser';
import { countryRestriction } from '../../domain/availability';
import { chooseBillingAddressId, isBillingAddressRequired, itemsJudgedByBillingCountry, itemsRefusedByBillingCountry, showsTaxCode } from '../../domain/billing';
import { CART_AFTER_REFUSAL_PATH, CART_PATH, CHECKOUT_PATH, canCheckout } from '../../domain/cart-summary';
import type { Language } from '../../domain/catalogue-types';
import { academyTextVersions, termsForCart, type TermName, type TermsLine } from '../../domain/checkout-terms';
import { countryList } from '../../domain/display-format';
import { formatPhoneForDisplay } from '../../domain/phone';
import { pagePath } from '../../domain/page-address';
import { missingForPurchase, profileCompletionHref } from '../../domain/profile-completeness';
import type { CheckoutRules } from '../../forms/checkout';
import { shopContext } from '../../context';
import { signedIn } from '../../.server/auth/guards';
import { cookieWithNotice } from '../../.server/http/flash';
import type { CartOwner } from '../../.server/services/cart-contract';
import type { CartLine, CartPageView } from '../../.server/services/cart-view-contract';
import { countryCheck, listCountries } from '../../.server/services/lookups';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { describeAddresses } from '../account/addresses/address-view.server';
import { describeBirthPlace } from '../account/birth-place-view.server';
import { cartPageData } from '../cart/cart.server';
import { termsTextLink } from '../terms/terms-links.server';
import type { CheckboxTextLink } from '../../components/configure/checkbox-field';
import { savedCardsOf } from '../payment/saved-cards.server';
import type { DropInClientConfig } from '../../domain/drop-in-reply';

type Context = Readonly<RouterContextProvider>;

/** The address chooser, asked for a billing address, comes back to checkout with `address_id`. */
export const BILLING_CHOOSER_HREF = `/account/addresses/choose?${new URLSearchParams({
  [ADDRESS_TYPE_PARAM]: 'billing',
  [REDIRECT_URI_PARAM]: CHECKOUT_PATH,
})}`;

/**
 * The signed-in fan and their cart, if checkout may open: a profile without what buying needs
 * goes to complete it (and comes back); a cart that is empty or blocked goes to the cart, which
 * says why (spec §4 "Checkout").
 */
export async function checkoutCart(request: Request, context: Context) {
  const { user, customer } = signedIn(context);
  if (missingForPurchase(customer).length > 0) throw redirect(profileCompletionHref(pagePath(request.url)));
  const { services } = context.get(shopContext);
  // The session's customer row rides along: the services check it instead of reading it again (three times a page).
  const owner: CartOwner = { customerId: customer.id, subject: user.subject, customer };
  const view = await services.cart.viewCart(owner);
  if (!canCheckout(view.blockers)) {
    const notice = { key: `cart:blockers.${view.blockers[0] ?? 'empty'}`, timing: 'cart' as const };
    // Back to the cart saying the fan tried: what is missing there is now an error (issue 30).
    throw redirect(CART_AFTER_REFUSAL_PATH, { headers: { 'Set-Cookie': await cookieWithNotice(request, context, notice) } });
  }
  return { owner, customer, view };
}

export type CheckoutCart = Awaited<ReturnType<typeof checkoutCart>>;

/** The products' skus and tags, for the terms the cart's content calls for. */
async function termsLines(context: Context, view: CartPageView): Promise<TermsLine[]> {
  const products = await context.get(shopContext).services.catalogue.getProductDetails(view.lines.map((line) => line.productId));
  return view.lines.flatMap((line) => {
    const product = products.get(line.productId);
    return product ? [{ sku: product.sku, tags: product.tags }] : [];
  });
}

/** The rules of this cart's form (browser and action check the same). */
export async function checkoutRules(context: Context, view: CartPageView): Promise<CheckoutRules & { billingRequired: boolean; academyTexts: string[] }> {
  const lines = await termsLines(context, view);
  return {
    totalCents: view.totals.totalCents,
    terms: termsForCart(lines).map((term) => term.name),
    billingRequired: isBillingAddressRequired(view.totals.totalCents, view.lines),
    // Server only (the page sends the browser `totalCents` and `terms` alone): `ZZ` is no country.
    isCountry: await countryCheck(),
    // The i18n key of each academy text shown ('.' separates i18n keys, so not in them).
    academyTexts: academyTextVersions(lines).map((version) => version.replaceAll('.', '_')),
  };
}

/**
 * Why an address in `countryCode` cannot bill the cart, naming the products (domain/billing.ts:
 * an item that ships nowhere is had where its buyer is billed); null when it can.
 */
export function billingRefusalText(
  lines: readonly CartLine[],
  countryCode: string,
  language: Language,
  t: TFunction,
  key: 'checkout:billing.notSoldThere' | 'checkout:errors.billingNotSoldThere' = 'checkout:billing.notSoldThere',
): string | null {
  const refused = itemsRefusedByBillingCountry(lines, countryCode);
  if (refused.length === 0) return null;
  const names = [...new Set(refused.map((line) => line.product.name[language]))];
  return t(key, { products: names.join(', ') });
}

/**
 * The country rules the billing address answers in this cart, one line per product ("Stadium is
 * sold only in Italy, San Marino and Vatican City…"), and, when none of the fan's addresses can
 * bill the cart, the way on: add one there, or remove the product in the cart.
 */
function countryRulesView(lines: readonly CartLine[], anyAddressBills: boolean, language: Language, t: TFunction) {
  const judged = itemsJudgedByBillingCountry(lines);
  const rules = [...new Map(judged.map((line) => [line.product.id, line])).values()].flatMap((line) => {
    const rule = countryRestriction(line.product);
    if (!rule) return [];
    const values = { product: line.product.name[language], countries: countryList(rule.countryCodes, language) };
    return [t(rule.kind === 'only-in' ? 'checkout:billing.countryRule.onlyIn' : 'checkout:billing.countryRule.notIn', values)];
  });
  if (rules.length === 0) return null;
  return { rules, stuck: anyAddressBills ? null : { text: t('checkout:billing.countryRule.noAddress'), cartHref: CART_PATH, cartLabel: t('checkout:billing.countryRule.toCart') } };
}

/** The fan's saved addresses to bill to, and the one chosen (`address_id`, the cart's, the preferred one). */
async function billingChoices(request: Request, context: Context, target: CheckoutCart) {
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const { t } = getInstance(context);
  // The cart's view read the address book when an item ships; a cart that ships nothing still bills somewhere.
  const saved = target.view.addressBook ?? (await services.addresses.list(target.customer.id));
  const addresses = (await describeAddresses(saved, language)).map((address) => {
    const refusal = billingRefusalText(target.view.lines, address.countryCode, language, t);
    return {
      ...address,
      selectable: canChooseFor('billing', address.countryCode) && refusal === null,
      unavailableText: refusal,
      /** Billing in Italy shows the tax code (the page's CSS reads this on the radio). */
      italian: showsTaxCode(address.countryCode),
    };
  });
  const owned = new Set(addresses.filter((address) => address.selectable).map((address) => address.id));
  const chosen = chooseBillingAddressId(
    {
      fromQuery: new URL(request.url).searchParams.get(ADDRESS_ID_PARAM),
      onCart: await services.cart.billingAddressId(target.owner),
      preferred: addresses.find((address) => address.isPreferred)?.id ?? null,
    },
    owned,
  );
  const countryRules = countryRulesView(target.view.lines, owned.size > 0, language, t);
  return { addresses, chosen, countryRules };
}

/** The buyer's data as checkout shows it, read-only (the profile is where it changes), worded as the dashboard words it. */
async function buyerView(customer: CheckoutCart['customer'], language: Language) {
  const birthPlace = (await describeBirthPlace(customer, language)) ?? '';
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone ? formatPhoneForDisplay(customer.phone) : '',
    birthPlace,
    taxCode: customer.taxCode ?? '',
  };
}

/** A box of the terms section: its label, and the texts the fan reads before ticking it. */
export type TermView = { name: TermName; label: string; texts: string[]; textLink: CheckboxTextLink | null };

/**
 * The terms the cart calls for, worded here: long texts of which a cart shows a few (an academy
 * season's text only with that academy), so they come with the page instead of every checkout
 * downloading all of them with its translations (`checkoutTerms` is read on the server only).
 */
function termsView(rules: Awaited<ReturnType<typeof checkoutRules>>, t: TFunction): TermView[] {
  return rules.terms.map((name) => ({
    name,
    label: t(`checkoutTerms:${name}`),
    texts: name === 'academyTerms' ? rules.academyTexts.map((key) => t(`checkoutTerms:academyText.${key}`)) : [],
    textLink: termsTextLink(name, t),
  }));
}

/** Everything the checkout page shows. A new `checkoutKey` per page shown: one attempt, one order. */
export async function checkoutPageData(request: Request, context: Context, target: CheckoutCart) {
  const language = getLanguage(context);
  const { t } = getInstance(context);
  const paying = target.view.totals.totalCents > 0;
  const psp = context.get(shopContext).config.payments;
  const [page, rules, billing, countries, savedCards] = await Promise.all([
    cartPageData(target.view, target.customer, language, t),
    checkoutRules(context, target.view),
    billingChoices(request, context, target),
    listCountries(language),
    paying ? savedCardsOf(context, target.owner) : [],
  ]);
  return {
    lines: page.lines.map((line) => ({ id: line.id, name: line.name, holder: line.holder, price: line.price, imageUrl: line.imageUrl })),
    totals: page.totals,
    voucher: page.voucher,
    rules: { totalCents: rules.totalCents, terms: rules.terms, billingRequired: rules.billingRequired },
    terms: termsView(rules, t),
    billing: { ...billing, chooserHref: BILLING_CHOOSER_HREF },
    buyer: await buyerView(target.customer, language),
    vatCountries: countries.map(({ code, name }) => ({ value: code, label: name })),
    savedCards,
    /**
     * What the browser's Drop-in needs (a public client key); without JavaScript the hosted page
     * is used. With the simulator there is no Drop-in at all: its key is not Adyen's, so Adyen's
     * card fields could never load, and the fan would wait out their patience for nothing.
     */
    dropIn: paying && !psp.simulated
      ? {
          client: { clientKey: psp.clientKey, environment: psp.clientEnvironment } satisfies DropInClientConfig,
          language,
          // Worded here, as the terms are: only pages running JavaScript show them, and checkout's
          // first load has no room for more translations.
          words: { loading: t('payment:dropIn.loading'), failed: t('payment:dropIn.failed') },
        }
      : null,
    checkoutKey: randomUUID(),
    expectedTotalCents: target.view.totals.totalCents,
  };
}

export type CheckoutPageData = Awaited<ReturnType<typeof checkoutPageData>>;
