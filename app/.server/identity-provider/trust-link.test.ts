import { describe, expect, it } from 'vitest';
import { createTrustLinks, TRUST_LINK_PATH, trustLinkExpiry } from './trust-link';

const SECRET = 'unit-test-session-secret-0123456789abcdef';
const ACCOUNT = '0b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20';
const links = createTrustLinks({ secret: SECRET, publicUrl: 'https://shop.example' });
const madeAt = new Date('2026-05-01T10:03:00Z');
const queryOf = (url: string) => new URL(url).searchParams;

describe('the links that trust a browser for an account', () => {
  it('name the account and the last second, signed; the same within ten minutes, so one mail', () => {
    const url = links.urlOf(ACCOUNT, madeAt);
    expect(url).toMatch(new RegExp(`^https://shop\\.example${TRUST_LINK_PATH}\\?account=${ACCOUNT}&exp=\\d+&sig=[\\w-]{43}$`));
    // Made at 10:03: the slot ends at 10:10, the link works to 10:39:59.
    expect(new Date(trustLinkExpiry(madeAt) * 1000).toISOString()).toBe('2026-05-01T10:39:59.000Z');
    expect(links.urlOf(ACCOUNT, new Date('2026-05-01T10:09:59Z'))).toBe(url);
    expect(links.urlOf(ACCOUNT, new Date('2026-05-01T10:10:00Z'))).not.toBe(url);
  });

  it('work to their last second, then are expired (never invalid: the fan is told what to do)', () => {
    const query = queryOf(links.urlOf(ACCOUNT, madeAt));
    expect(links.check(query, new Date('2026-05-01T10:39:59.999Z'))).toEqual({ status: 'valid', accountId: ACCOUNT });
    expect(links.check(query, new Date('2026-05-01T10:40:00Z'))).toEqual({ status: 'expired' });
  });

  it('cannot be changed: another account, a later expiry, a changed or missing signature, another secret', () => {
    const query = queryOf(links.urlOf(ACCOUNT, madeAt));
    const changed = (name: string, value: string | null) => {
      const copy = new URLSearchParams(query);
      if (value === null) copy.delete(name);
      else copy.set(name, value);
      return links.check(copy, madeAt);
    };
    const sig = query.get('sig')!;
    expect(changed('account', '1b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20')).toEqual({ status: 'invalid' });
    expect(changed('exp', String(Number(query.get('exp')) + 600))).toEqual({ status: 'invalid' });
    expect(changed('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toEqual({ status: 'invalid' });
    expect(changed('sig', `${sig}=`)).toEqual({ status: 'invalid' });
    expect(changed('sig', null)).toEqual({ status: 'invalid' });
    expect(changed('account', 'not-an-id')).toEqual({ status: 'invalid' });
    expect(changed('exp', '1e12')).toEqual({ status: 'invalid' });
    expect(createTrustLinks({ secret: 'another-secret-0123456789abcdef0123', publicUrl: 'https://shop.example' }).check(query, madeAt)).toEqual({ status: 'invalid' });
  });

  it('made under a previous SESSION_SECRET still work after a rotation', () => {
    const query = queryOf(links.urlOf(ACCOUNT, madeAt));
    const rotated = createTrustLinks({ secret: 'the-new-session-secret-0123456789abcdef', previousSecrets: [SECRET], publicUrl: 'https://shop.example' });
    expect(rotated.check(query, madeAt)).toEqual({ status: 'valid', accountId: ACCOUNT });
  });
});
