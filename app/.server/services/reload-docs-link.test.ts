import { describe, expect, it } from 'vitest';
import { createReloadDocsLinks } from './reload-docs-link';

const ITEM = '0b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20';
const OTHER = '5d1e2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const links = createReloadDocsLinks({ sessionSecret: 'a-session-secret-of-at-least-32-characters', publicUrl: 'https://shop.example' });

describe('the reload-docs hash', () => {
  it('is a 43-character base64url HMAC, the same every time for an item', () => {
    expect(links.hashOf(ITEM)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.hashOf(ITEM)).toBe(links.hashOf(ITEM));
    expect(links.hashOf(ITEM)).not.toBe(links.hashOf(OTHER));
  });

  it('accepts the item’s own hash only', () => {
    expect(links.accepts(ITEM, links.hashOf(ITEM))).toBe(true);
    expect(links.accepts(OTHER, links.hashOf(ITEM))).toBe(false);
    expect(links.accepts(ITEM, '')).toBe(false);
    expect(links.accepts(ITEM, links.hashOf(ITEM).slice(0, 42))).toBe(false);
    expect(links.accepts(ITEM, `${links.hashOf(ITEM)}A`)).toBe(false);
    // Characters base64url decoding would skip do not make another spelling of the same hash.
    expect(links.accepts(ITEM, `${links.hashOf(ITEM).slice(0, 20)}!${links.hashOf(ITEM).slice(20)}`)).toBe(false);
  });

  it('depends on the secret: another shop’s hash is refused', () => {
    const other = createReloadDocsLinks({ sessionSecret: 'another-session-secret-of-32-characters!', publicUrl: 'https://shop.example' });
    expect(other.hashOf(ITEM)).not.toBe(links.hashOf(ITEM));
    expect(links.accepts(ITEM, other.hashOf(ITEM))).toBe(false);
  });

  it('makes the absolute link of a mail', () => {
    expect(links.urlOf(ITEM)).toBe(`https://shop.example/reload-docs?id=${ITEM}&hash=${links.hashOf(ITEM)}`);
  });
});
