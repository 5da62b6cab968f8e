import { describe, expect, it } from 'vitest';
import { deriveCookieKeys } from './keys';

const OLD_SECRET = 'the-session-secret-before-the-rotation-0001';
const NEW_SECRET = 'the-session-secret-after-the-rotation-00002';

describe('the sign-in service’s cookie keys', () => {
  it('sign with the key of SESSION_SECRET and still verify with those of SESSION_SECRET_PREVIOUS (oidc-provider: the first signs, any verifies)', () => {
    const [before] = deriveCookieKeys(OLD_SECRET);
    const during = deriveCookieKeys(NEW_SECRET, [OLD_SECRET]);
    expect(during).toHaveLength(2);
    expect(during[0]).toBe(deriveCookieKeys(NEW_SECRET)[0]);
    expect(during[1]).toBe(before);
    // Derived, never the secret itself.
    expect(during).not.toContain(NEW_SECRET);
    expect(during[0]).not.toBe(before);
  });
});
