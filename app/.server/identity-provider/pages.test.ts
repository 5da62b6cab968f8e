import type { KoaContextWithOIDC } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import shopStylesUrl from '../../styles/app.css?url';
import { SHEET_URLS } from '../../styles/sheets';
import { logoutSource } from './pages';

const PROVIDER_FORM = '<form id="op.logoutForm" method="post" action="/sso/session/end/confirm"><input type="hidden" name="xsrf" value="x"/></form>';

/** The parts of oidc-provider's Koa context the page reads and writes. */
function fakeContext({ cookie = '', hintSubject = 'fan-1' as string | null, nonce = 'n0nce' } = {}) {
  const headers: Record<string, string> = { 'Content-Security-Policy': "default-src 'self'; style-src 'self'" };
  const ctx = {
    get: (name: string) => (name === 'Cookie' ? cookie : ''),
    oidc: {
      // The provider has verified the hint's signature before the page is rendered.
      entities: hintSubject ? { IdTokenHint: { payload: { sub: hintSubject } } } : {},
      session: { accountId: 'fan-1' },
    },
    res: { locals: { cspNonce: nonce } },
    response: { get: (name: string) => headers[name] ?? '' },
    set: (name: string, value: string) => {
      headers[name] = value;
    },
    type: '',
    body: '' as unknown,
  };
  // The page touches only the members above.
  return { ctx: ctx as unknown as KoaContextWithOIDC & { body: string }, headers };
}

describe('logoutSource (the no-JS sign-out step)', () => {
  it("is a shop page: the shop's stylesheet, a brand bar and a primary button, no inline style", async () => {
    const { ctx, headers } = fakeContext();
    await logoutSource(ctx, PROVIDER_FORM);
    // The built stylesheet's address (empty under vitest, which does not build CSS; e2e loads it).
    expect(ctx.body).toContain(`<link rel="stylesheet" href="${shopStylesUrl}">`);
    // The base sheet has no buttons (issue 32): the components sheet beside it.
    expect(ctx.body).toContain(`<link rel="stylesheet" href="${SHEET_URLS.components}">`);
    expect(ctx.body).toContain('<header class="site-header">');
    expect(ctx.body).toContain('class="site-header__brand">Fan Shop Abbonamenti<');
    expect(ctx.body).toContain('class="button button--primary"');
    expect(ctx.body).not.toMatch(/<style|style=/);
    // Nothing inline to allow: the CSP stays as the shop set it.
    expect(headers['Content-Security-Policy']).toBe("default-src 'self'; style-src 'self'");
  });

  it('speaks the language of the shop cookie', async () => {
    const english = fakeContext({ cookie: 'jc_prf_lng=en' });
    await logoutSource(english.ctx, PROVIDER_FORM);
    expect(english.ctx.body).toContain('<html lang="en">');
    expect(english.ctx.body).toContain('Complete sign-out');
    const italian = fakeContext();
    await logoutSource(italian.ctx, PROVIDER_FORM);
    expect(italian.ctx.body).toContain('<html lang="it">');
    expect(italian.ctx.body).toContain('Completa l&#39;uscita');
  });

  it("confirms by itself only with the nonce and the signed-in fan's own hint", async () => {
    const withHint = fakeContext();
    await logoutSource(withHint.ctx, PROVIDER_FORM);
    expect(withHint.ctx.body).toContain('<script nonce="n0nce">');
    const withoutHint = fakeContext({ hintSubject: null });
    await logoutSource(withoutHint.ctx, PROVIDER_FORM);
    expect(withoutHint.ctx.body).not.toContain('<script');
    const anotherFansHint = fakeContext({ hintSubject: 'fan-2' });
    await logoutSource(anotherFansHint.ctx, PROVIDER_FORM);
    expect(anotherFansHint.ctx.body).not.toContain('<script');
  });
});
