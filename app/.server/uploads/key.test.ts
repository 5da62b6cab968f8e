import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseUploadsKey, parseUploadsKeyList } from './key';

describe('parseUploadsKey', () => {
  const key = randomBytes(32);

  it.each([
    ['hex', key.toString('hex')],
    ['upper-case hex', key.toString('hex').toUpperCase()],
    ['base64', key.toString('base64')],
    ['base64 without padding', key.toString('base64').replace(/=$/, '')],
    ['base64url', key.toString('base64url')],
  ])('reads 32 bytes written as %s', (_, text) => {
    expect(parseUploadsKey(text)?.equals(key)).toBe(true);
  });

  it.each([
    ['a passphrase', 'correct horse battery staple and more words'],
    ['16 bytes of hex', randomBytes(16).toString('hex')],
    ['33 bytes of base64', randomBytes(33).toString('base64')],
    ['64 characters that are not hex', 'g'.repeat(64)],
    ['base64 with a stray character', `${key.toString('base64').slice(0, 42)}!=`],
  ])('refuses %s', (_, text) => {
    expect(parseUploadsKey(text)).toBeNull();
  });
});

describe('parseUploadsKeyList (UPLOADS_KEY_PREVIOUS)', () => {
  const [first, second] = [randomBytes(32), randomBytes(32)];

  it('reads one key or several, comma-separated, in any of the forms of one key', () => {
    expect(parseUploadsKeyList(first.toString('hex'))).toEqual([first]);
    expect(parseUploadsKeyList(`${first.toString('hex')}, ${second.toString('base64')}`)).toEqual([first, second]);
  });

  it('refuses the list when any part is not a key', () => {
    expect(parseUploadsKeyList(`${first.toString('hex')},passphrase`)).toBeNull();
    expect(parseUploadsKeyList(`${first.toString('hex')},`)).toBeNull();
  });
});
