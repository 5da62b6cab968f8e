import type { Language } from '../../../domain/catalogue-types';
import { SIMULATOR_PATH } from '../config';
import type { PaymentRow } from './engine';
import { CARD_FIELD_IDS, MAX_HOLDER_NAME_LENGTH, type CardFormValues } from './hosted-forms';
import { errorSummary, field, h, money, page, translatorFor, type FieldErrors, type Translate } from './html';
import { MAX_REFUSED_ATTEMPTS, type SessionRow } from './sessions';

/**
 * The hosted page and its companions (3-D Secure challenge, PayPal approval, and the pages that
 * only say something and lead back), as HTML. Every form posts to the simulator's own routes
 * (hosted-routes.ts), which answer 303 after a POST.
 */

export type StoredCard = { id: string; brand: string; lastFour: string; expiryMonth: number; expiryYear: number; holderName: string };

export type PayPageInput = {
  session: SessionRow;
  language: Language;
  storedCards: StoredCard[];
  /** The last refusal, shown with its reason and code. */
  refusal?: Pick<PaymentRow, 'refusalReason' | 'refusalReasonCode'>;
  paypalCancelled?: boolean;
  /** Translation keys by field id. */
  errors?: FieldErrors;
  values?: CardFormValues;
};

const BRAND_LABELS: Readonly<Record<string, string>> = { visa: 'Visa', mc: 'Mastercard' };

function payPath(session: SessionRow, action: string): string {
  return `${SIMULATOR_PATH}/pay/${encodeURIComponent(session.id)}/${action}`;
}

function expiry(card: Pick<StoredCard, 'expiryMonth' | 'expiryYear'>): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`;
}

function refusalNotice(t: Translate, input: PayPageInput): string {
  if (input.paypalCancelled) return `<div class="notice" role="status"><p>${t('pay.paypalCancelled')}</p></div>`;
  if (!input.refusal) return '';
  const left = Math.max(MAX_REFUSED_ATTEMPTS - input.session.refusedAttempts, 0);
  return `<div class="psp-refusal" role="alert">
<h2>${t('pay.refused.heading')}</h2>
<p>${t('pay.refused.reason', { reason: input.refusal.refusalReason ?? '', code: input.refusal.refusalReasonCode ?? '' })}</p>
<p>${t('pay.refused.retry', { count: left })}</p>
</div>`;
}

function cardSection(t: Translate, input: PayPageInput, amount: string): string {
  const errors = input.errors ?? {};
  const message = (id: string) => (errors[id] ? t(errors[id]) : undefined);
  const values = input.values;
  const { session } = input;
  const askConsent = session.storePaymentMethodMode === 'askForConsent' && Boolean(session.shopperReference);
  return `<section class="psp-section" aria-labelledby="card-heading">
<h2 id="card-heading">${t('pay.card.heading')}</h2>
<form class="form" method="post" action="${h(payPath(session, 'card'))}" novalidate>
${field({ id: CARD_FIELD_IDS.number, name: 'cardNumber', label: t('pay.card.number'), error: message(CARD_FIELD_IDS.number), value: values?.number, autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 30, required: true })}
<div class="psp-row">
${field({ id: CARD_FIELD_IDS.expiryMonth, name: 'expiryMonth', label: t('pay.card.expiryMonth'), hint: t('pay.card.expiryMonthHint'), error: message(CARD_FIELD_IDS.expiryMonth), value: values?.expiryMonth, autocomplete: 'cc-exp-month', inputmode: 'numeric', maxlength: 2, required: true })}
${field({ id: CARD_FIELD_IDS.expiryYear, name: 'expiryYear', label: t('pay.card.expiryYear'), hint: t('pay.card.expiryYearHint'), error: message(CARD_FIELD_IDS.expiryYear), value: values?.expiryYear, autocomplete: 'cc-exp-year', inputmode: 'numeric', maxlength: 4, required: true })}
</div>
${field({ id: CARD_FIELD_IDS.cvc, name: 'cvc', label: t('pay.card.cvc'), hint: t('pay.card.cvcHint'), error: message(CARD_FIELD_IDS.cvc), autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4, required: true })}
${field({ id: CARD_FIELD_IDS.holderName, name: 'holderName', label: t('pay.card.holderName'), error: message(CARD_FIELD_IDS.holderName), value: values?.holderName, autocomplete: 'cc-name', maxlength: MAX_HOLDER_NAME_LENGTH })}
${askConsent ? `<div class="psp-checkbox"><input type="checkbox" id="card-store" name="storeCard" value="on"${values?.storeCard ? ' checked' : ''}><label for="card-store">${t('pay.card.saveCard')}</label></div>` : ''}
<button type="submit" class="button button--primary">${t('pay.card.submit', { amount })}</button>
</form>
</section>`;
}

function storedSection(t: Translate, input: PayPageInput, amount: string): string {
  if (input.storedCards.length === 0) return '';
  const errors = input.errors ?? {};
  const forms = input.storedCards
    .map((card) => {
      const id = `stored-${card.id}-cvc`;
      const brand = BRAND_LABELS[card.brand] ?? card.brand;
      return `<li><form class="form" method="post" action="${h(payPath(input.session, 'stored'))}" novalidate>
<p>${t('pay.stored.description', { brand, lastFour: card.lastFour, expiry: expiry(card), holderName: card.holderName })}</p>
<input type="hidden" name="storedPaymentMethodId" value="${h(card.id)}">
${field({ id, name: 'cvc', label: t('pay.stored.cvc', { lastFour: card.lastFour }), error: errors[id] ? t(errors[id]) : undefined, autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4, required: true })}
<button type="submit" class="button">${t('pay.stored.submit', { amount, lastFour: card.lastFour })}</button>
</form></li>`;
    })
    .join('\n');
  return `<section class="psp-section" aria-labelledby="stored-heading">
<h2 id="stored-heading">${t('pay.stored.heading')}</h2>
<ul class="psp-stored">${forms}</ul>
</section>`;
}

function allows(session: SessionRow, type: 'scheme' | 'paypal'): boolean {
  return !session.allowedPaymentMethods || session.allowedPaymentMethods.includes(type);
}

export function payPage(input: PayPageInput): string {
  const { session, language } = input;
  const t = translatorFor(language);
  const amount = money(session.amountValue, language);
  const sections = [
    allows(session, 'scheme') ? storedSection(t, input, amount) : '',
    allows(session, 'scheme') ? cardSection(t, input, amount) : '',
    allows(session, 'paypal')
      ? `<section class="psp-section" aria-labelledby="paypal-heading"><h2 id="paypal-heading">${t('pay.paypal.heading')}</h2>
<form method="post" action="${h(payPath(session, 'paypal'))}"><button type="submit" class="button">${t('pay.paypal.submit')}</button></form></section>`
      : '',
  ];
  const main = `${errorSummary(t, Object.fromEntries(Object.entries(input.errors ?? {}).map(([id, key]) => [id, key ? t(key) : undefined])))}
<h1>${t('pay.heading', { amount })}</h1>
<p>${t('pay.reference', { reference: session.reference })}</p>
<p>${t('pay.expiresAt', { time: session.expiresAt.toISOString().slice(0, 16).replace('T', ' ') })}</p>
${refusalNotice(t, input)}
${sections.join('\n')}
<section class="psp-section" aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">${t('pay.testCards.heading')}</h2>
<p>${t('pay.testCards.intro')}</p>
<p>${t('pay.testCards.cards')}</p>
<p>${t('pay.testCards.names')}</p>
</section>
<form method="post" action="${h(payPath(session, 'cancel'))}"><button type="submit" class="button">${t('pay.cancel')}</button></form>`;
  return page({ language, title: t('pay.heading', { amount }), main });
}

/**
 * The way back to the shop: a link, or — with `post` — a form that posts those fields to `url`,
 * as Adyen returns a 3-D Secure redirect (with the redirect's own method). Without JavaScript
 * the shopper presses it, as on an issuer's page.
 */
function backToShop(t: Translate, back: { url: string; post?: Record<string, string> }): string {
  if (!back.post) return `<p><a class="button button--primary" href="${h(back.url)}">${t('backToShop')}</a></p>`;
  const fields = Object.entries(back.post).map(([name, value]) => `<input type="hidden" name="${h(name)}" value="${h(value)}">`);
  return `<form method="post" action="${h(back.url)}">${fields.join('')}<button type="submit" class="button button--primary">${t('backToShop')}</button></form>`;
}

/** A page that only says something (expired, ended, not found, done), with a way back when there is one. */
export function messagePage(input: { language: Language; heading: string; body: string; backUrl?: string; backPost?: Record<string, string> }): string {
  const t = translatorFor(input.language);
  const main = `<h1>${input.heading}</h1>
<p>${input.body}</p>
${input.backUrl ? backToShop(t, { url: input.backUrl, post: input.backPost }) : ''}`;
  return page({ language: input.language, title: input.heading, main });
}

export function challengePage(input: { language: Language; payment: PaymentRow; error?: boolean }): string {
  const t = translatorFor(input.language);
  const id = 'challenge-password';
  const error = input.error ? t('errors.password') : undefined;
  const main = `${errorSummary(t, { [id]: error })}
<h1>${t('challenge.heading')}</h1>
<p>${t('challenge.body', { amount: money(input.payment.amountValue, input.language), lastFour: input.payment.lastFour ?? '' })}</p>
<form class="form" method="post" action="${SIMULATOR_PATH}/3ds/${h(encodeURIComponent(input.payment.actionToken ?? ''))}" novalidate>
${field({ id, name: 'password', label: t('challenge.password'), hint: t('challenge.passwordHint'), error, type: 'password', autocomplete: 'one-time-code', maxlength: 100, required: true })}
<button type="submit" class="button button--primary">${t('challenge.submit')}</button>
</form>`;
  return page({ language: input.language, title: t('challenge.heading'), main });
}

export function paypalPage(input: { language: Language; payment: PaymentRow }): string {
  const t = translatorFor(input.language);
  const main = `<h1>${t('paypal.heading')}</h1>
<p>${t('paypal.body', { amount: money(input.payment.amountValue, input.language), reference: input.payment.merchantReference })}</p>
<form class="form--inline" method="post" action="${SIMULATOR_PATH}/paypal/${h(encodeURIComponent(input.payment.actionToken ?? ''))}">
<button type="submit" name="decision" value="approve" class="button button--primary">${t('paypal.approve')}</button>
<button type="submit" name="decision" value="cancel" class="button">${t('paypal.cancel')}</button>
</form>`;
  return page({ language: input.language, title: t('paypal.heading'), main });
}

export function translatedText(language: Language, key: string, values?: Record<string, string | number>): string {
  return translatorFor(language)(key, values);
}
