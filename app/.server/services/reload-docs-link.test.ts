import { describe, expect, it } from 'vitest';
import { reloadDocsTargetOf } from '../../domain/reload-docs';
import { createReloadDocsLinks, documentsFingerprint, expiryOf, RELOAD_DOCS_LINK_DAYS } from './reload-docs-link';

const ITEM = '0b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20';
const OTHER = '5d1e2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const FRONT = 'a1b2c3d4-0000-4000-8000-000000000001';
const NEW_FRONT = 'a1b2c3d4-0000-4000-8000-000000000002';
const SECRET = 'a-session-secret-of-at-least-32-characters';
const links = createReloadDocsLinks({ sessionSecret: SECRET, publicUrl: 'https://shop.example' });
const MADE = new Date('2026-12-01T09:00:00Z');
const target = (link: { orderItemId: string; hash: string; exp: string; v: string }) => ({ orderItemId: link.orderItemId, hash: link.hash, exp: link.exp, v: link.v });

describe('the reload-docs link', () => {
  it('expires at the end of the UTC day two weeks after it was made, the same for every link of a day', () => {
    expect(RELOAD_DOCS_LINK_DAYS).toBe(14);
    expect(new Date(expiryOf(MADE) * 1000).toISOString()).toBe('2026-12-15T23:59:59.000Z');
    expect(expiryOf(new Date('2026-12-01T00:00:00Z'))).toBe(expiryOf(new Date('2026-12-01T23:59:59.999Z')));
    expect(links.linkOf(ITEM, FRONT, MADE)).toEqual(links.linkOf(ITEM, FRONT, new Date('2026-12-01T22:00:00Z')));
  });

  it('is a 43-character base64url HMAC, different per item and per documents replaced, with no database id but the item’s', () => {
    const link = links.linkOf(ITEM, FRONT, MADE);
    expect(link.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.hash).not.toBe(links.linkOf(OTHER, FRONT, MADE).hash);
    expect(link.hash).not.toBe(links.linkOf(ITEM, NEW_FRONT, MADE).hash);
    expect(links.urlOf(ITEM, FRONT, MADE)).not.toContain(FRONT);
    expect(link.v).toBe(documentsFingerprint(FRONT));
  });

  it('is valid up to its last second, then expired', () => {
    const link = target(links.linkOf(ITEM, FRONT, MADE));
    expect(links.check(link, FRONT, MADE)).toBe('valid');
    expect(links.check(link, FRONT, new Date('2026-12-15T23:59:59.999Z'))).toBe('valid');
    expect(links.check(link, FRONT, new Date('2026-12-16T00:00:00.000Z'))).toBe('expired');
  });

  it('is used once the documents it replaces are replaced (a new front, or a front where there was none)', () => {
    expect(links.check(target(links.linkOf(ITEM, FRONT, MADE)), NEW_FRONT, MADE)).toBe('used');
    expect(links.check(target(links.linkOf(ITEM, null, MADE)), NEW_FRONT, MADE)).toBe('used');
    expect(links.check(target(links.linkOf(ITEM, null, MADE)), null, MADE)).toBe('valid');
  });

  it('is invalid when anything it carries is changed, or made with another secret', () => {
    const link = target(links.linkOf(ITEM, FRONT, MADE));
    const later = String(Number(link.exp) + 86_400);
    for (const forged of [
      { ...link, orderItemId: OTHER },
      { ...link, exp: later },
      { ...link, exp: `${link.exp}0` },
      { ...link, exp: 'soon' },
      { ...link, v: documentsFingerprint(NEW_FRONT) },
      { ...link, hash: '' },
      { ...link, hash: link.hash.slice(0, 42) },
      { ...link, hash: `${link.hash}A` },
      // Characters base64url decoding would skip do not make another spelling of the same hash.
      { ...link, hash: `${link.hash.slice(0, 20)}!${link.hash.slice(20)}` },
    ]) {
      expect(links.check(forged, FRONT, MADE), JSON.stringify(forged)).toBe('invalid');
    }
    const other = createReloadDocsLinks({ sessionSecret: 'another-session-secret-of-32-characters!', publicUrl: 'https://shop.example' });
    expect(links.check(target(other.linkOf(ITEM, FRONT, MADE)), FRONT, MADE)).toBe('invalid');
  });

  it('says a link mailed before expiry existed (the item’s hash alone) has expired, and refuses a forged one', async () => {
    const { createHmac, hkdfSync } = await import('node:crypto');
    const legacyKey = Buffer.from(hkdfSync('sha256', SECRET, 'fan-shop', 'reload-docs link hash v1', 32));
    const legacyHash = createHmac('sha256', legacyKey).update(ITEM, 'utf8').digest('base64url');
    expect(links.check({ orderItemId: ITEM, hash: legacyHash, exp: '', v: '' }, FRONT, MADE)).toBe('expired');
    expect(links.check({ orderItemId: OTHER, hash: legacyHash, exp: '', v: '' }, FRONT, MADE)).toBe('invalid');
  });

  it('makes the absolute link of a mail, which the page reads back as valid', () => {
    const url = new URL(links.urlOf(ITEM, FRONT, MADE));
    expect(url.origin + url.pathname).toBe('https://shop.example/reload-docs');
    const read = reloadDocsTargetOf(url);
    expect(read).not.toBeNull();
    expect(links.check(read!, FRONT, MADE)).toBe('valid');
  });

  it('after a rotation of the session secret, still accepts links signed under the previous one and signs under the new', () => {
    const NEW_SECRET = 'the-next-session-secret-of-32-characters';
    const rotated = createReloadDocsLinks({ sessionSecret: NEW_SECRET, previousSessionSecrets: [SECRET], publicUrl: 'https://shop.example' });
    const mailedBefore = target(links.linkOf(ITEM, FRONT, MADE));
    expect(rotated.check(mailedBefore, FRONT, MADE)).toBe('valid');
    expect(rotated.check(mailedBefore, NEW_FRONT, MADE)).toBe('used');
    const mailedAfter = target(rotated.linkOf(ITEM, FRONT, MADE));
    expect(mailedAfter.hash).not.toBe(mailedBefore.hash);
    expect(createReloadDocsLinks({ sessionSecret: NEW_SECRET, publicUrl: 'https://shop.example' }).check(mailedAfter, FRONT, MADE)).toBe('valid');
    // Once the previous secret is dropped, its links are refused.
    expect(createReloadDocsLinks({ sessionSecret: NEW_SECRET, publicUrl: 'https://shop.example' }).check(mailedBefore, FRONT, MADE)).toBe('invalid');
  });
});

