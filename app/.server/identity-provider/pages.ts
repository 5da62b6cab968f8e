import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { languageFromCookieHeader } from '../../i18n/language-cookie';
import { DEFAULT_LANGUAGE } from '../../domain/catalogue-types';
import { resources } from '../../i18n/resources';

/**
 * The few pages oidc-provider renders itself, made ours: translated, styled without inline
 * style attributes, and within the shop's CSP (scripts carry the request's nonce, the one
 * style block is allowed by its hash).
 */

const PAGE_CSS =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111;background:#fff;line-height:1.5}' +
  'main{max-width:32rem;margin:3rem auto;padding:0 1rem;display:grid;gap:1rem}' +
  'button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1rem;border:2px solid #111;border-radius:.5rem;background:#111;color:#fff;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Adds a hash source for an inline `<style>` to the response's CSP, if one is set. */
function allowInlineStyle(ctx: KoaContextWithOIDC, css: string): void {
  const policy = ctx.response.get('Content-Security-Policy');
  if (!policy) return;
  const source = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  const directives = policy.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => directive.startsWith('style-src '));
  if (index === -1) directives.push(`style-src ${source}`);
  else directives[index] = `${directives[index]} ${source}`;
  ctx.set('Content-Security-Policy', directives.join('; '));
}

function cspNonce(ctx: KoaContextWithOIDC): string {
  const locals = (ctx.res as { locals?: { cspNonce?: unknown } }).locals;
  return typeof locals?.cspNonce === 'string' ? locals.cspNonce : '';
}

function pageLanguage(ctx: KoaContextWithOIDC) {
  return languageFromCookieHeader(ctx.get('Cookie') || null) ?? DEFAULT_LANGUAGE;
}

/**
 * RP-initiated logout. The shop's own sign-out form already asked the fan, so when the
 * request carries a valid id_token_hint (only the shop has it) the page confirms itself with
 * JavaScript; without JavaScript it is one styled button. Without a hint it always asks.
 */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const language = pageLanguage(ctx);
  const t = resources[language].auth.logout;
  const shopName = resources[language].common.shopName;
  // The form oidc-provider gives carries the xsrf token; `logout=yes` ends the whole session.
  const confirmForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  const autoConfirm = typeof ctx.oidc.params?.id_token_hint === 'string';
  const nonce = cspNonce(ctx);
  allowInlineStyle(ctx, PAGE_CSS);
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${shopName} – ${t.providerTitle}`)}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.providerTitle)}</h1>
<p>${escapeHtml(t.providerBody)}</p>
${confirmForm}
<button type="submit" form="op.logoutForm">${escapeHtml(t.providerSubmit)}</button>
</main>
${autoConfirm && nonce ? `<script nonce="${escapeHtml(nonce)}">document.getElementById('op.logoutForm').submit();</script>` : ''}
</body>
</html>`;
}

/** Without a post-logout redirect there is nothing to say: go to the shop. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.redirect('/');
}

/**
 * Errors the provider would show on its own page (a bad authorization request, an expired
 * logout): the shop's error screen with the login-failed message and the OAuth error code.
 */
export async function renderError(ctx: KoaContextWithOIDC, out: { error: string }): Promise<void> {
  const code = /^[\w.:-]{1,32}$/.test(out.error) ? out.error : 'server_error';
  const error = JSON.stringify({ label: 'LOGIN_FAILED', code });
  ctx.status = 303;
  ctx.redirect(`/error?error=${encodeURIComponent(error)}`);
}
