import { AdyenCheckout, Card, Dropin, PayPal, type CoreConfiguration } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Language } from '../../domain/catalogue-types';
import {
  DROP_IN_LOAD_PATIENCE_MS,
  DROP_IN_PAY_PATH,
  DROP_IN_STORED_PATH,
  dropInReplyOf,
  THANK_YOU_DELAY_MS,
  type DropInClientConfig,
  type DropInReply,
} from '../../domain/drop-in-reply';
import { receiptPath, thankYouPath } from '../../domain/order-pages';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { dropInCallbacks, type DropInActions, type DropInEnd } from './drop-in-callbacks';
import { documentNonce, paymentMethodsConfiguration } from './drop-in-options';
import { DropInProblem } from './drop-in-problem';

/** What the checkout form asks of a ready Drop-in: pay with what the fan entered in it. */
export type DropInHandle = { submit(): void };

export type DropInPanelProps = {
  config: DropInClientConfig;
  /** The card form's loading state (spec), worded by the page. */
  loadingText: string;
  amountCents: number;
  language: Language;
  /** The checkout form, whose fields go with the payment. */
  form(): HTMLFormElement | null;
  /** Drop-in can take payments: its card fields are up. */
  onReady(handle: DropInHandle): void;
  onBusy(busy: boolean): void;
  /** It could not load: the page's own choice and the hosted page stay. */
  onFailed(): void;
  /** The form must be posted as a form (its answer shows what is wrong). */
  onResubmit(): void;
};

type AdyenActions = Parameters<NonNullable<CoreConfiguration['onSubmit']>>[2];

/** Adyen's actions fed the shop's answer, whose `action` is Adyen's own JSON passed through unchanged. */
function adapted(actions: AdyenActions): DropInActions {
  return { resolve: (response) => actions.resolve(response as Parameters<AdyenActions['resolve']>[0]), reject: () => actions.reject() };
}

/** Adyen's locale for the page's language. */
const LOCALES: Readonly<Record<Language, string>> = { it: 'it-IT', en: 'en-US' };

async function send(path: string, body: URLSearchParams): Promise<DropInReply> {
  try {
    const response = await fetch(path, { method: 'POST', body, headers: { Accept: 'application/json' } });
    return dropInReplyOf(response.headers.get('content-type')?.startsWith('application/json') ? await response.json() : null);
  } catch {
    return { outcome: 'unavailable' };
  }
}

async function paymentMethods(): Promise<CoreConfiguration['paymentMethodsResponse'] | null> {
  const response = await fetch(DROP_IN_PAY_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  const answer = (await response.json()) as { paymentMethods?: CoreConfiguration['paymentMethodsResponse'] };
  return answer.paymentMethods ?? null;
}

/**
 * Adyen's Drop-in on checkout (issue 14, the advanced flow), in its own chunk with Adyen Web:
 * saved cards (security code in Adyen's field), a new card (kept if the fan asks) and PayPal;
 * 3-D Secure and PayPal mounted in the page. Pay is the checkout's own button. Mounted once, as
 * Adyen asks of React pages; given up after DROP_IN_LOAD_PATIENCE_MS without working card fields.
 */
export function DropInPanel(props: DropInPanelProps) {
  const { t } = useShopTranslation('payment');
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const dropIn = useRef<Dropin | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [ended, setEnded] = useState<DropInEnd | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let gone = false;
    let ready = false;
    const page = () => latest.current;
    const fail = () => {
      if (gone) return;
      gone = true;
      clearTimeout(patience);
      dropIn.current?.unmount();
      dropIn.current = null;
      page().onFailed();
    };
    const patience = setTimeout(fail, DROP_IN_LOAD_PATIENCE_MS);
    const becomeReady = () => {
      if (gone || ready) return;
      ready = true;
      clearTimeout(patience);
      setWorking(true);
      page().onReady({
        submit: () => {
          try {
            dropIn.current?.submit();
          } catch {
            // No method open in Drop-in (it throws): pay as without JavaScript, on the hosted page.
            page().onResubmit();
          }
        },
      });
    };
    const callbacks = dropInCallbacks({
      send,
      checkoutFields: () => {
        const form = page().form();
        return new URLSearchParams(form ? (Array.from(new FormData(form)).filter(([, value]) => typeof value === 'string') as [string, string][]) : []);
      },
      newAttemptKey: () => crypto.randomUUID(),
      busy: (busy) => page().onBusy(busy),
      end: setEnded,
    });

    void (async () => {
      const paymentMethodsResponse = await paymentMethods();
      if (!paymentMethodsResponse || gone) return fail();
      const { config, amountCents, language } = page();
      const checkout = await AdyenCheckout({
        environment: config.environment,
        clientKey: config.clientKey,
        locale: LOCALES[language],
        countryCode: 'IT',
        amount: { value: amountCents, currency: 'EUR' },
        paymentMethodsResponse,
        showPayButton: false,
        onSubmit: (state, element, actions) => callbacks.onSubmit(state, element, adapted(actions)),
        onAdditionalDetails: (state, element, actions) => callbacks.onAdditionalDetails(state, element, adapted(actions)),
        onPaymentCompleted: callbacks.onPaymentCompleted,
        onPaymentFailed: callbacks.onPaymentFailed,
        onError(error) {
          // Before it works, any error means it cannot load; afterwards the payment stopped.
          if (!ready) return fail();
          page().onBusy(false);
          if (error.name !== 'CANCEL') setEnded({ kind: 'error' });
        },
      });
      if (gone || !container.current) return;
      dropIn.current = new Dropin(checkout, {
        paymentMethodComponents: [Card, PayPal],
        paymentMethodsConfiguration: paymentMethodsConfiguration({ cspNonce: documentNonce(document), onConfigSuccess: becomeReady }),
        disableFinalAnimation: true,
        // Spec: a saved method has a delete action (Drop-in asks the fan to confirm first).
        showRemovePaymentMethodButton: true,
        onDisableStoredPaymentMethod: (storedPaymentMethodId: string, resolve: () => void, reject: () => void) => {
          fetch(DROP_IN_STORED_PATH, { method: 'POST', body: new URLSearchParams({ storedPaymentMethodId }) }).then(
            (response) => (response.ok ? resolve() : reject()),
            () => reject(),
          );
        },
      }).mount(container.current);
    })().catch(fail);

    return () => {
      gone = true;
      clearTimeout(patience);
      dropIn.current?.unmount();
      dropIn.current = null;
    };
  }, []);

  useEffect(() => {
    if (ended?.kind === 'resubmit') latest.current.onResubmit();
    if (ended?.kind === 'pending') void navigate(receiptPath(ended.orderId));
    if (ended?.kind !== 'paid') return;
    const timer = setTimeout(() => void navigate(thankYouPath(ended.orderId)), THANK_YOU_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ended, navigate]);

  return (
    <div className="drop-in">
      {working ? null : (
        <p className="drop-in__loading" role="status">
          {props.loadingText}
        </p>
      )}
      {/* Out of sight (but laid out, so Adyen's frames load) until it works: one choice at a time. */}
      <div ref={container} className={working ? undefined : 'drop-in__starting'} inert={!working} />
      {ended?.kind === 'paid' ? <p role="status">{t('dropIn.accepted')}</p> : null}
      {ended && ended.kind !== 'paid' && ended.kind !== 'pending' && ended.kind !== 'resubmit' ? (
        <DropInProblem
          end={ended}
          onClose={() => {
            setEnded(null);
            dropIn.current?.setStatus('ready');
          }}
        />
      ) : null}
    </div>
  );
}
