import { describe, expect, it } from 'vitest';
import { CLIENT_FILE_NAME_MAX, clientFileName } from './document-upload';

describe('clientFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(clientFileName('Carta d’identità fronte.JPG')).toBe('Carta d’identità fronte.JPG');
  });

  it('keeps only the last path segment, whichever separator the browser used', () => {
    expect(clientFileName('C:\\Users\\fan\\scan.pdf')).toBe('scan.pdf');
    expect(clientFileName('../../etc/passwd')).toBe('passwd');
  });

  it('drops control and invisible formatting characters, such as a right-to-left override', () => {
    expect(clientFileName('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(clientFileName('a\u0000b\nc\u200Bd.png')).toBe('abcd.png');
  });

  it('collapses blanks and trims', () => {
    expect(clientFileName('  front \t side .png ')).toBe('front side .png');
  });

  it('is cut at the maximum number of characters, never inside a character', () => {
    const name = `${'😀'.repeat(CLIENT_FILE_NAME_MAX)}.pdf`;
    expect(clientFileName(name)).toBe('😀'.repeat(CLIENT_FILE_NAME_MAX));
    expect(Array.from(clientFileName('x'.repeat(500))).length).toBe(CLIENT_FILE_NAME_MAX);
  });

  it('is empty when nothing usable is left', () => {
    expect(clientFileName('')).toBe('');
    expect(clientFileName('dir/')).toBe('');
  });
});
