import type { KoaContextWithOIDC } from 'oidc-provider';
import { languageFromCookieHeader } from '../../i18n/language-cookie';
import { DEFAULT_LANGUAGE } from '../../domain/catalogue-types';
import { resources } from '../../i18n/resources';
import shopStylesUrl from '../../styles/app.css?url';
import { SHEET_URLS } from '../../styles/sheets';

/**
 * The few pages oidc-provider renders itself, made ours: translated, in the shop's stylesheet
 * (a brand bar instead of the full header: these pages sit between the shop and the sign-in
 * service and offer nothing to navigate to), and within the shop's CSP (no inline styles;
 * scripts carry the request's nonce).
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function cspNonce(ctx: KoaContextWithOIDC): string {
  const locals = (ctx.res as { locals?: { cspNonce?: unknown } }).locals;
  return typeof locals?.cspNonce === 'string' ? locals.cspNonce : '';
}

function pageLanguage(ctx: KoaContextWithOIDC) {
  return languageFromCookieHeader(ctx.get('Cookie') || null) ?? DEFAULT_LANGUAGE;
}

/**
 * RP-initiated logout, for a link to the service's end-session endpoint: the shop's own
 * sign-out ends the service's session on the server and never comes here
 * (`auth/sign-in-session.ts`). With a valid id_token_hint of the session's own account the page
 * confirms itself with JavaScript; otherwise, or without JavaScript, it is one styled button.
 */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const language = pageLanguage(ctx);
  const t = resources[language].auth.logout;
  const shopName = resources[language].common.shopName;
  // The form oidc-provider gives carries the xsrf token; `logout=yes` ends the whole session.
  const confirmForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  // Confirm without a click only for the signed-in fan's own token: a link carrying anyone
  // else's (valid) ID token must not sign this browser out.
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  const autoConfirm = typeof accountId === 'string' && accountId !== '' && hint?.payload?.sub === accountId;
  const nonce = cspNonce(ctx);
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${shopName} – ${t.providerTitle}`)}</title>
<link rel="stylesheet" href="${escapeHtml(shopStylesUrl)}">
<link rel="stylesheet" href="${escapeHtml(SHEET_URLS.components)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="site-header"><div class="site-header__inner"><span class="site-header__brand">${escapeHtml(shopName)}</span></div></header>
<main id="main" class="site-main provider-page">
<h1>${escapeHtml(t.providerTitle)}</h1>
<p>${escapeHtml(t.providerBody)}</p>
${confirmForm}
<button type="submit" form="op.logoutForm" class="button button--primary">${escapeHtml(t.providerSubmit)}</button>
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
