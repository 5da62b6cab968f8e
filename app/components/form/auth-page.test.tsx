import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createI18nInstance } from '../../i18n/instance';
import { resources } from '../../i18n/resources';
import { serverTranslation } from '../../i18n/server-translation';
import { TranslationContext } from '../../i18n/translation-context';
import { HeldSignIn, TrustBrowserAnswer } from './auth-page';

/** The server's HTML (what a browser without JavaScript shows) in `language`. */
const render = (language: 'it' | 'en', node: React.ReactNode) =>
  renderToString(<TranslationContext value={serverTranslation(createI18nInstance(language, resources), resources[language])}>{node}</TranslationContext>);

describe('the sign-in pages beyond the account\u2019s ceiling', () => {
  it('say, focused and in either language, that unknown browsers are held and a right password mailed a link, and lead back', () => {
    const en = render('en', <HeldSignIn minutes={15} signInPage="/sign-in/abc/" />);
    expect(en).toMatch(/^<section class="auth-page" aria-labelledby="auth-heading" tabindex="-1" autofocus="">/);
    expect(en).toContain('<h1 id="auth-heading">Too many attempts from unknown browsers</h1>');
    expect(en).toContain('If the password you typed is right, we have sent a link to the account&#x27;s e-mail address');
    expect(en).toContain('try again in 15 minutes');
    expect(en).toContain('<a href="/sign-in/abc/" class="button">Back to sign-in</a>');
    const it = render('it', <HeldSignIn minutes={1} signInPage="/sign-in/abc/" />);
    expect(it).toContain('<h1 id="auth-heading">Troppi tentativi da browser sconosciuti</h1>');
    expect(it).toContain('riprova tra 1 minuto,');
    expect(it).toContain('>Torna all&#x27;accesso</a>');
  });

  it('answer the mailed link: trusted, expired or not ours, each with the way on to sign in', () => {
    expect(render('en', <TrustBrowserAnswer state="trusted" minutes={30} />)).toContain('<h1 id="auth-heading">This browser is now trusted</h1>');
    const expired = render('it', <TrustBrowserAnswer state="expired" minutes={30} />);
    expect(expired).toContain('<h1 id="auth-heading">Questo link è scaduto</h1>');
    expect(expired).toContain('vale 30 minuti');
    const invalid = render('en', <TrustBrowserAnswer state="invalid" minutes={30} />);
    expect(invalid).toContain('<h1 id="auth-heading">This link does not work</h1>');
    expect(invalid).toContain('<a href="/login" class="button button--primary">Sign in</a>');
  });
});
