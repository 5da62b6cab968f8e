import adyen from '@adyen/api-library';

// Adyen answers a request whose Idempotency-Key belongs to a request it is still processing with
// 409 and code 704 "request already processed or in progress" (docs/payments.md, the simulator's
// facts). That is neither a refusal of the request nor the PSP being away: the first request's
// answer is on its way, and the same key asked again once it is done gets it.

/**
 * How long a call the PSP answers "a request with this Idempotency-Key is in progress" (Adyen's
 * 704) is sent again with the same key, for the first request's answer, which Adyen then gives:
 * a double click or a resend usually finds it within this.
 */
export const KEY_IN_USE_PATIENCE_MS = 3_000;
const KEY_IN_USE_RETRY_MS = 250;

/**
 * The PSP is still processing an earlier request with this call's Idempotency-Key, past the
 * gateway's patience: the outcome is unknown here — not a refusal, and the PSP is not away. The
 * same key asked again later gets the first request's answer.
 */
export class PaymentRequestInProgress extends Error {
  constructor(readonly idempotencyKey: string, options?: ErrorOptions) {
    super(`payments: the PSP is still processing the request with Idempotency-Key ${idempotencyKey}`, options);
    this.name = 'PaymentRequestInProgress';
  }
}

export function isRequestInProgress(error: unknown): error is PaymentRequestInProgress {
  return error instanceof PaymentRequestInProgress;
}

/** Adyen's 409 `704` "request already processed or in progress" (it gives it for a key whose first request is still running). */
function isKeyInUse(error: unknown): boolean {
  return error instanceof adyen.HttpClientException && error.statusCode === 409 && error.errorCode === '704';
}

/** Sends an idempotent call, and again with the same key while the PSP says the key's first request is in progress. */
export async function sameKeyUntilAnswered<T>(idempotencyKey: string, patienceMs: number, send: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    try {
      return await send();
    } catch (error) {
      if (!isKeyInUse(error)) throw error;
      if (Date.now() + KEY_IN_USE_RETRY_MS > deadline) throw new PaymentRequestInProgress(idempotencyKey, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, KEY_IN_USE_RETRY_MS));
    }
  }
}
