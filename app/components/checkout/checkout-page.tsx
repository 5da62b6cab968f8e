import type { SubmissionResult } from '@conform-to/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, useFetcher } from 'react-router';
import { CART_PATH } from '../../domain/cart-summary';
import { BILLING_SAVE_DEBOUNCE_MS } from '../../domain/billing';
import { CHECKOUT_FIELD_ORDER, checkoutSchema, PAY_INTENT, type CheckoutFormField } from '../../forms/checkout';
import { INTENT_FIELD } from '../../forms/intent';
import { isPaymentMethod } from '../../domain/payment-attempt';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { CheckoutPageData } from '../../routes/checkout/checkout.server';
import { ErrorSummary } from '../form/error-summary';
import { useSettledCall } from '../form/use-settled-call';
import { useShopForm } from '../form/use-shop-form';
import { useHydrated } from '../form/use-hydrated';
import type { DropInHandle } from '../payment/drop-in-panel';
import { DropInSlot } from '../payment/drop-in-slot';
import { PaymentMethodField } from '../payment/payment-method-field';
import { Breadcrumb } from '../ui/breadcrumb';
import { BillingSection, BuyerSection } from './checkout-billing';
import { InvoicingSection } from './checkout-invoicing';
import { CheckoutSummary } from './checkout-summary';
import { TermsSection } from './checkout-terms';
import { PurchaseSteps } from '../purchase-steps';

/** The labels the error summary names each field by. */
function useFieldLabels(): Record<CheckoutFormField, string> {
  const { t } = useShopTranslation('checkout');
  return Object.fromEntries(CHECKOUT_FIELD_ORDER.map((name) => [name, t(`labels.${name}`)])) as Record<CheckoutFormField, string>;
}

/**
 * The checkout page: one form, so every button sends what the fan typed and gets it back
 * (a voucher applied without JavaScript loses nothing). With JavaScript a billing choice is
 * kept on the cart a second after it is made, and the invoicing fields clear as the spec says.
 */
export function CheckoutPage({ page, result }: { page: CheckoutPageData; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation('checkout');
  // One schema per page data (not per render): conform's constraint and the checks below key on it.
  const { totalCents, terms, billingRequired } = page.rules;
  const schema = useMemo(() => checkoutSchema({ totalCents, terms, billingRequired }), [totalCents, terms, billingRequired]);
  const { form, fields, formProps, summary } = useShopForm(schema, {
    id: 'checkout',
    lastResult: result,
    fieldOrder: CHECKOUT_FIELD_ORDER,
    validatedIntent: PAY_INTENT,
    // The card is chosen beforehand only where choosing loads nothing (no Drop-in: the simulator);
    // with Drop-in the fan's own choice is what loads it (issue 32), so none is made for them.
    defaultValue: { billingAddressId: page.billing.chosen ?? undefined, paymentMethod: page.dropIn ? undefined : 'scheme' },
  });
  const keepBilling = useBillingKeeper();
  const labels = useFieldLabels();
  const dropIn = useDropIn();
  const missing = useMemo(() => missingFields(schema, form.value), [schema, form.value]);

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    if (input.name === fields.billingAddressId.name) keepBilling(input.value);
    // Spec §4: toggling VAT off clears its fields; another country clears what depends on it.
    const clear = (names: string[]) => names.forEach((name) => form.update({ name, value: '' }));
    if (input.name === fields.invoiceWithVat.name && !(input as HTMLInputElement).checked) {
      clear([fields.vatCountry.name, fields.vatNumber.name, fields.receiverCode.name, fields.emailPec.name]);
    }
    if (input.name === fields.vatCountry.name) clear([fields.vatNumber.name, fields.receiverCode.name, fields.emailPec.name]);
  }

  return (
    <div className="checkout">
      <Breadcrumb trail={[{ to: CART_PATH, label: t('page.cart') }]} current={t('page.heading')} />
      <PurchaseSteps current="checkout" />
      <h1>{t('page.heading')}</h1>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={labels} />
      <Form method="post" {...formProps} onSubmit={dropIn.onSubmit(formProps.onSubmit)} ref={dropIn.formRef} onChange={onChange} className="checkout__form" noValidate>
        {/* The default button: Enter in any field pays (it would otherwise apply the voucher). */}
        <button type="submit" name={INTENT_FIELD} value={PAY_INTENT} hidden tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="checkoutKey" value={page.checkoutKey} />
        <input type="hidden" name="expectedTotalCents" value={page.expectedTotalCents} />
        <div className="checkout__main">
          <BillingSection billing={page.billing} field={fields.billingAddressId} totalCents={page.rules.totalCents} billingRequired={billingRequired} />
          <BuyerSection buyer={page.buyer} />
          {page.rules.totalCents > 0 ? <InvoicingSection fields={fields} countries={page.vatCountries} /> : null}
          {page.rules.totalCents > 0 ? (
            <PaymentMethodField
              field={fields.paymentMethod}
              savedCards={page.savedCards}
              choiceHidden={dropIn.ready}
              enhancement={
                page.dropIn && isPaymentMethod(fields.paymentMethod.value) ? (
                  <WhenHydrated>
                    <DropInSlot config={page.dropIn.client} words={page.dropIn.words} amountCents={page.rules.totalCents} language={page.dropIn.language} {...dropIn.panelProps} />
                  </WhenHydrated>
                ) : null
              }
            />
          ) : null}
          <TermsSection fields={fields} terms={page.terms} />
        </div>
        <CheckoutSummary page={page} voucherField={fields.voucherCode} missing={missing} labels={labels} paying={dropIn.busy} />
      </Form>
    </div>
  );
}

/**
 * Its children only once React runs in the browser. Asking in a leaf, not in the page: the
 * switch after hydration re-renders this alone, where the page's own `useHydrated` re-rendered
 * the whole form synchronously right after hydrating (issue 32: checkout's longest task).
 */
function WhenHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/** What the form still lacks for pay, in page order (the pay button's reasons). */
function missingFields(schema: ReturnType<typeof checkoutSchema>, values: unknown): CheckoutFormField[] {
  const check = schema.safeParse(values ?? {});
  if (check.success) return [];
  const named = new Set(check.error.issues.map((issue) => String(issue.path[0])));
  return CHECKOUT_FIELD_ORDER.filter((field) => named.has(field));
}

/**
 * Checkout's Drop-in, with JavaScript (issue 14): its code (Adyen Web: 108 KB gzip of JS, 19 KB of CSS)
 * is fetched only once the fan chooses card or PayPal, and only where it can work (a real Adyen
 * client key: `page.dropIn`), so checkout is interactive as soon as it hydrates (issue 32). Once
 * its card fields work, pay goes through it
 * (the form is checked first, as for every submit) and the page's own choice of method steps
 * aside; until then, or when it cannot load, pay submits the form for the hosted page. When the
 * shop answers that the form needs the page (`resubmit`), the form is posted as without JavaScript.
 */
function useDropIn() {
  const formRef = useRef<HTMLFormElement>(null);
  const [handle, setHandle] = useState<DropInHandle | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    ready: handle !== null,
    busy,
    formRef,
    panelProps: { form: () => formRef.current, onReady: setHandle, onBusy: setBusy, onResubmit: () => formRef.current?.submit() },
    onSubmit(checked: (event: React.FormEvent<HTMLFormElement>) => void) {
      return (event: React.FormEvent<HTMLFormElement>) => {
        checked(event);
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (event.defaultPrevented || !handle || (submitter && submitter.value !== PAY_INTENT)) return;
        event.preventDefault();
        handle.submit();
      };
    },
  };
}

/**
 * Keeps the chosen billing address on the cart (spec §9: debounced 1000 ms), in the background:
 * quick changes send only the last choice. Without JavaScript every submit of the form keeps it.
 */
function useBillingKeeper() {
  const fetcher = useFetcher();
  const settled = useSettledCall(BILLING_SAVE_DEBOUNCE_MS);
  return (addressId: string) =>
    settled.schedule(() => void fetcher.submit({ [INTENT_FIELD]: 'billing', billingAddressId: addressId }, { method: 'post' }));
}
