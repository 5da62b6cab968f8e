import adyen from '@adyen/api-library';
import { describe, expect, it } from 'vitest';
import { isRefusedRequest } from './gateway';
import { isRequestInProgress, sameKeyUntilAnswered } from './key-in-use';

/** An error answer as the shop's HTTP client turns it into the library's exception. */
const answered = (statusCode: number, errorCode: string) => new adyen.HttpClientException({ message: `HTTP Exception: ${statusCode}.`, statusCode, errorCode });

/** A call the PSP answers with `errors` first, then with `value`; how often it was sent. */
function psp<T>(errors: Error[], value: T) {
  const sent = { times: 0 };
  const send = () => {
    sent.times += 1;
    const error = errors[sent.times - 1];
    return error ? Promise.reject(error) : Promise.resolve(value);
  };
  return { send, sent };
}

describe('a call whose Idempotency-Key the PSP says is in use (Adyen’s 409 704)', () => {
  it('is sent again with the same key until the PSP gives the first request’s answer', async () => {
    const { send, sent } = psp([answered(409, '704'), answered(409, '704')], { pspReference: 'AAAABBBBCCCCDDDD' });
    expect(await sameKeyUntilAnswered('reverse-AAAABBBBCCCCDDDD', 2_000, send)).toEqual({ pspReference: 'AAAABBBBCCCCDDDD' });
    expect(sent.times).toBe(3);
  });

  it('past the patience is “in progress”: neither a refusal (support is not told) nor the PSP away', async () => {
    const { send, sent } = psp(Array.from({ length: 50 }, () => answered(409, '704')), null);
    const error: unknown = await sameKeyUntilAnswered('withdrawal-1', 400, send).catch((thrown: unknown) => thrown);
    expect(isRequestInProgress(error)).toBe(true);
    expect(isRefusedRequest(error)).toBe(false);
    expect(sent.times).toBeGreaterThan(1);
  });

  it('leaves every other answer to the caller at once: a refusal stays a refusal', async () => {
    const { send, sent } = psp([answered(422, '167')], null);
    const error: unknown = await sameKeyUntilAnswered('reverse-X', 2_000, send).catch((thrown: unknown) => thrown);
    expect(isRefusedRequest(error)).toBe(true);
    expect(isRequestInProgress(error)).toBe(false);
    expect(sent.times).toBe(1);
  });
});
