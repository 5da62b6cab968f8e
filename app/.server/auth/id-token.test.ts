import { describe, expect, it } from 'vitest';
import { IdTokenError, readIdToken } from './id-token';

const issuer = 'https://shop.example/sso';
const clientId = 'fan-shop';
const now = new Date('2026-05-01T10:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);

function token(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256' })}.${encode(payload)}.signature`;
}

const valid = { iss: issuer, aud: clientId, exp: seconds + 600, sub: 'abc', email: 'fan@example.org', given_name: ' Ada ', family_name: 'Rossi' };

describe('readIdToken', () => {
  it('returns the claims of a token for us', () => {
    expect(readIdToken(token(valid), { issuer, clientId, now })).toEqual({
      sub: 'abc',
      email: 'fan@example.org',
      given_name: 'Ada',
      family_name: 'Rossi',
    });
    expect(readIdToken(token({ ...valid, aud: ['other', clientId] }), { issuer, clientId, now }).sub).toBe('abc');
  });

  it.each([
    ['another issuer', { ...valid, iss: 'https://evil.example' }],
    ['another audience', { ...valid, aud: 'other' }],
    ['expired beyond the tolerance', { ...valid, exp: seconds - 61 }],
    ['no expiry', { ...valid, exp: undefined }],
    ['no subject', { ...valid, sub: '' }],
  ])('refuses %s', (_name, payload) => {
    expect(() => readIdToken(token(payload), { issuer, clientId, now })).toThrow(IdTokenError);
  });

  it('accepts a token expired within the clock tolerance', () => {
    expect(readIdToken(token({ ...valid, exp: seconds - 30 }), { issuer, clientId, now }).sub).toBe('abc');
  });

  it('refuses what is not a JWT', () => {
    expect(() => readIdToken('abc', { issuer, clientId, now })).toThrow(IdTokenError);
    expect(() => readIdToken('a.!!!.c', { issuer, clientId, now })).toThrow(IdTokenError);
  });
});
