/**
 * Drop-in's callbacks in the advanced flow (issue 14), apart from Adyen's library so they can be
 * tested as they are: pay sends the checkout form with Drop-in's data to the shop, which places
 * the order and pays it; the shop's settled answer — never Drop-in's own view — decides what
 * the page does next.
 */
import {
  DROP_IN_DETAILS_PATH,
  DROP_IN_PAY_PATH,
  dropInResultCode,
  type DropInOutcome,
  type DropInRefusal,
  type DropInReply,
} from '../../domain/drop-in-reply';

/** How a payment started in Drop-in ends on the page. */
export type DropInEnd =
  | { kind: 'paid'; orderId: string }
  /** No final answer yet (the webhook will tell): the order's page shows it. */
  | { kind: 'pending'; orderId: string }
  | { kind: 'refused'; refusal: DropInRefusal | null }
  | { kind: 'too-late' }
  | { kind: 'error' }
  | { kind: 'unavailable' }
  /** The form cannot become an order as it is: submit it as a form, whose answer shows why. */
  | { kind: 'resubmit' };

/** Drop-in's `actions` (Adyen Web 6): resolve with the payment's answer, or reject to let the fan try again. */
export type DropInActions = {
  resolve(response: { resultCode: ReturnType<typeof dropInResultCode>; action?: Record<string, unknown> }): void;
  reject(): void;
};

export type DropInFlowDeps = {
  /** POSTs the fields to the shop; resolves with its JSON read by `dropInReplyOf` (never rejects). */
  send(path: string, body: URLSearchParams): Promise<DropInReply>;
  /** The checkout form's fields as they are now. */
  checkoutFields(): URLSearchParams;
  /** A new payment attempt's key (a UUID) for each press of pay. */
  newAttemptKey(): string;
  /** The payment is under way (the pay button says so) or over. */
  busy(busy: boolean): void;
  end(end: DropInEnd): void;
};

export function dropInCallbacks(deps: DropInFlowDeps) {
  /** The shop's last settled answer: what the page says once Drop-in completes or fails. */
  let settled: DropInOutcome | null = null;

  function relay(reply: DropInReply, actions: DropInActions): void {
    if (reply.outcome === 'resubmit' || reply.outcome === 'unavailable') {
      actions.reject();
      deps.busy(false);
      deps.end({ kind: reply.outcome });
      return;
    }
    settled = reply;
    actions.resolve({ resultCode: dropInResultCode(reply), ...(reply.action ? { action: reply.action } : {}) });
  }

  function call(path: string, body: URLSearchParams, actions: DropInActions): void {
    deps.busy(true);
    void deps.send(path, body).then(
      (reply) => relay(reply, actions),
      () => relay({ outcome: 'unavailable' }, actions),
    );
  }

  return {
    onSubmit(state: { data: unknown }, _element: unknown, actions: DropInActions): void {
      settled = null;
      const body = deps.checkoutFields();
      body.set('dropInData', JSON.stringify(state.data));
      body.set('attemptKey', deps.newAttemptKey());
      call(DROP_IN_PAY_PATH, body, actions);
    },

    onAdditionalDetails(state: { data: unknown }, _element: unknown, actions: DropInActions): void {
      call(DROP_IN_DETAILS_PATH, new URLSearchParams({ details: JSON.stringify(state.data) }), actions);
    },

    onPaymentCompleted(): void {
      if (settled?.outcome === 'authorised') deps.end({ kind: 'paid', orderId: settled.orderId });
      else if (settled) deps.end({ kind: 'pending', orderId: settled.orderId });
      else deps.end({ kind: 'error' });
    },

    onPaymentFailed(): void {
      deps.busy(false);
      if (settled?.outcome === 'refused') deps.end({ kind: 'refused', refusal: settled.refusal });
      else if (settled?.outcome === 'too-late') deps.end({ kind: 'too-late' });
      else deps.end({ kind: 'error' });
    },
  };
}
