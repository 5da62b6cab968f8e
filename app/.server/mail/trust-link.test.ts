import { describe, expect, it } from 'vitest';
import { composeTrustLinkMail } from './trust-link';

const LINK = 'https://shop.example/sign-in/trust?account=0b6f1c9e-3f7a-4c1e-9a57-2f4d8e6b1a20&exp=1777631999&sig=abc_-DEF';
const mail = { firstName: 'Ada', link: LINK, minutes: 30, supportUrl: 'mailto:help@shop.example' };

describe('the mail with the link that trusts a browser', () => {
  it('says why, carries the link and what it does not do, and what to do if it was not the fan, in English', () => {
    const { subject, text } = composeTrustLinkMail({ ...mail, language: 'en' });
    expect(subject).toContain('new browser');
    expect(text).toMatch(/^Hello Ada,/);
    expect(text).toContain(`open this link in that browser, then sign in again: ${LINK}`);
    expect(text).toContain('works for 30 minutes');
    expect(text).toContain('it does not sign you in');
    expect(text).toContain('someone knows your password. Tell us at mailto:help@shop.example');
  });

  it('speaks Italian for an Italian page, the link untouched by escaping', () => {
    const { subject, text } = composeTrustLinkMail({ ...mail, language: 'it' });
    expect(subject).toContain('nuovo browser');
    expect(text).toMatch(/^Ciao Ada,/);
    expect(text).toContain(LINK);
    expect(text).toContain('vale 30 minuti');
  });
});
