import { describe, expect, it, vi } from 'vitest';
import { DROP_IN_DETAILS_PATH, DROP_IN_PAY_PATH, type DropInReply } from '../../domain/drop-in-reply';
import { dropInCallbacks, type DropInEnd } from './drop-in-callbacks';

const ORDER = '2d4c5f6a-0000-4000-8000-000000000001';

/** The callbacks with a shop answering `replies` in turn; what they sent, resolved and ended with. */
function flow(...replies: (DropInReply | Error)[]) {
  const sent: { path: string; body: URLSearchParams }[] = [];
  const ends: DropInEnd[] = [];
  const busy: boolean[] = [];
  let keys = 0;
  const callbacks = dropInCallbacks({
    send: (path, body) => {
      sent.push({ path, body });
      const reply = replies.shift();
      return reply instanceof Error || !reply ? Promise.reject(reply ?? new Error('no reply')) : Promise.resolve(reply);
    },
    checkoutFields: () => new URLSearchParams({ checkoutKey: 'k-1', membershipTerms: 'on' }),
    newAttemptKey: () => `attempt-${++keys}`,
    busy: (value) => busy.push(value),
    end: (end) => ends.push(end),
  });
  const actions = { resolve: vi.fn(), reject: vi.fn() };
  return { callbacks, sent, ends, busy, actions };
}

/** Lets the callbacks' pending promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Drop-in’s callbacks', () => {
  it('pay sends the checkout form with Drop-in’s data and a new attempt key per press', async () => {
    const { callbacks, sent, actions } = flow(
      { orderId: ORDER, outcome: 'refused', action: null, refusal: { reason: 'Refused', code: '2' } },
      { orderId: ORDER, outcome: 'authorised', action: null, refusal: null },
    );
    callbacks.onSubmit({ data: { paymentMethod: { type: 'scheme' } } }, null, actions);
    await settle();
    callbacks.onSubmit({ data: { paymentMethod: { type: 'scheme' } } }, null, actions);
    await settle();
    expect(sent.map(({ path }) => path)).toEqual([DROP_IN_PAY_PATH, DROP_IN_PAY_PATH]);
    expect(Object.fromEntries(sent[0]!.body)).toEqual({ checkoutKey: 'k-1', membershipTerms: 'on', dropInData: '{"paymentMethod":{"type":"scheme"}}', attemptKey: 'attempt-1' });
    expect(sent[1]!.body.get('attemptKey')).toBe('attempt-2');
  });

  it('pay hands the shop Drop-in’s risk data, browser info and billing address exactly as Drop-in gave them', async () => {
    const data = {
      paymentMethod: { type: 'scheme', encryptedCardNumber: 'adyenjs_0_1_25$abc', holderName: 'Mario Rossi' },
      riskData: { clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAifQ==' },
      browserInfo: { acceptHeader: '*/*', colorDepth: 24, language: 'it-IT', javaEnabled: false, screenHeight: 900, screenWidth: 1440, userAgent: 'Mozilla/5.0', timeZoneOffset: -60 },
      billingAddress: { street: 'Via Roma', houseNumberOrName: '1', postalCode: '10121', city: 'Torino', country: 'IT', stateOrProvince: 'TO' },
      storePaymentMethod: true,
    };
    const { callbacks, sent, actions } = flow({ orderId: ORDER, outcome: 'authorised', action: null, refusal: null });
    callbacks.onSubmit({ data }, null, actions);
    await settle();
    const posted: unknown = JSON.parse(sent[0]!.body.get('dropInData') ?? 'null');
    expect(posted).toEqual(data);
    expect(posted).toMatchObject({ riskData: data.riskData, browserInfo: data.browserInfo, billingAddress: data.billingAddress });
  });

  it('authorised: Drop-in completes, and the page goes on to the order that was paid', async () => {
    const { callbacks, ends, actions } = flow({ orderId: ORDER, outcome: 'authorised', action: null, refusal: null });
    callbacks.onSubmit({ data: {} }, null, actions);
    await settle();
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Authorised' });
    callbacks.onPaymentCompleted();
    expect(ends).toEqual([{ kind: 'paid', orderId: ORDER }]);
  });

  it('refused: the error with the shop’s reason and code, and pay is free again', async () => {
    const refusal = { reason: 'Not enough balance', code: '51' };
    const { callbacks, ends, busy, actions } = flow({ orderId: ORDER, outcome: 'refused', action: null, refusal });
    callbacks.onSubmit({ data: {} }, null, actions);
    await settle();
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Refused' });
    callbacks.onPaymentFailed();
    expect(ends).toEqual([{ kind: 'refused', refusal }]);
    expect(busy).toEqual([true, false]);
  });

  it('an action is handed to Drop-in, and its details go to the shop; too late ends as such', async () => {
    const action = { type: 'threeDS2', paymentMethodType: 'scheme', token: 't' };
    const { callbacks, sent, ends, actions } = flow(
      { orderId: ORDER, outcome: 'action', action, refusal: null },
      { orderId: ORDER, outcome: 'too-late', action: null, refusal: null },
    );
    callbacks.onSubmit({ data: {} }, null, actions);
    await settle();
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'RedirectShopper', action });
    callbacks.onAdditionalDetails({ data: { details: { threeDSResult: 'r' } } }, null, actions);
    await settle();
    expect(sent[1]).toEqual({ path: DROP_IN_DETAILS_PATH, body: new URLSearchParams({ details: '{"details":{"threeDSResult":"r"}}' }) });
    callbacks.onPaymentFailed();
    expect(ends).toEqual([{ kind: 'too-late' }]);
  });

  it('pending without an action: the order’s page, which the webhook completes', async () => {
    const { callbacks, ends, actions } = flow({ orderId: ORDER, outcome: 'pending', action: null, refusal: null });
    callbacks.onSubmit({ data: {} }, null, actions);
    await settle();
    expect(actions.resolve).toHaveBeenCalledWith({ resultCode: 'Pending' });
    callbacks.onPaymentCompleted();
    expect(ends).toEqual([{ kind: 'pending', orderId: ORDER }]);
  });

  it('the form needing the page, the shop unreachable or failing: Drop-in is released, nothing resolved', async () => {
    for (const reply of [{ outcome: 'resubmit' } as const, { outcome: 'unavailable' } as const, new Error('offline')]) {
      const { callbacks, ends, busy, actions } = flow(reply);
      callbacks.onSubmit({ data: {} }, null, actions);
      await settle();
      expect(actions.reject).toHaveBeenCalledOnce();
      expect(actions.resolve).not.toHaveBeenCalled();
      expect(busy).toEqual([true, false]);
      expect(ends).toEqual([{ kind: reply instanceof Error ? 'unavailable' : reply.outcome }]);
    }
  });

  it('a failure Drop-in reports with no answer of the shop’s is a payment error', () => {
    const { callbacks, ends } = flow();
    callbacks.onPaymentFailed();
    callbacks.onPaymentCompleted();
    expect(ends).toEqual([{ kind: 'error' }, { kind: 'error' }]);
  });
});
