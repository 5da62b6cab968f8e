import { describe, expect, it } from 'vitest';
import { composeReloadDocsMail } from './reload-docs';

const LINK = 'https://shop.example/reload-docs?id=0b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20&hash=abc_-DEF';

describe('the mail asking for documents', () => {
  it('names the order and the card and carries the link, in English', () => {
    const mail = composeReloadDocsMail({ language: 'en', firstName: 'Ada', productName: 'Club card', orderNumber: 100000042, link: LINK });
    expect(mail.subject).toContain('order 100000042');
    expect(mail.subject).toContain('Club card');
    expect(mail.text).toMatch(/^Hello Ada,/);
    expect(mail.text).toContain(`Upload it here, signed in with your account: ${LINK}`);
  });

  it('speaks Italian for an Italian order, the link untouched by escaping', () => {
    const mail = composeReloadDocsMail({ language: 'it', firstName: 'Ada', productName: 'Carta del club', orderNumber: 100000042, link: LINK });
    expect(mail.subject).toContain('ordine 100000042');
    expect(mail.text).toMatch(/^Ciao Ada,/);
    expect(mail.text).toContain(LINK);
  });
});
