import { describe, expect, it } from 'vitest';
import { isLookupKey, isPlainText } from './plain-text';

describe('isPlainText', () => {
  it('accepts ordinary text in any script, with accents and emoji', () => {
    for (const text of ['Via Roma 12', "D'Annunzio", 'Zoë Ångström', '東京', 'Ελένη', 'Café ☕', 'a\u00A0b', ''])
      expect(isPlainText(text), text).toBe(true);
  });

  it('refuses NUL and the other control characters', () => {
    for (const text of ['a\u0000b', 'a\u0001', '\u001B[31m', 'a\u007F', 'a\u0085b', 'a\u009Fb', 'a\tb', 'a\nb', 'a\rb'])
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('refuses bidi overrides and isolates', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(isPlainText(`abc${String.fromCodePoint(code)}def`), code.toString(16)).toBe(false);
  });

  it('refuses zero-width characters and the byte order mark', () => {
    for (const code of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff])
      expect(isPlainText(`ab${String.fromCodePoint(code)}c`), code.toString(16)).toBe(false);
  });

  it('lets a textarea keep tabs and line breaks, nothing else', () => {
    expect(isPlainText('line one\r\nline two\tend', { multiline: true })).toBe(true);
    expect(isPlainText('a\u0000b', { multiline: true })).toBe(false);
    expect(isPlainText('a\u202Eb', { multiline: true })).toBe(false);
  });
});

describe('isLookupKey', () => {
  it('is false for a key holding NUL or an invisible character', () => {
    expect(isLookupKey('j1897')).toBe(true);
    expect(isLookupKey('a\u0000b')).toBe(false);
    expect(isLookupKey('j1897\u200B')).toBe(false);
  });
});
