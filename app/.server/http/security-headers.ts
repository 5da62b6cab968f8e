import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { DropInSources } from '../payments/config';

/** Creates the per-request CSP nonce; must run before `securityHeaders`. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

/**
 * Browser features the shop never uses are off for it and anything it embeds. `payment=(self)`
 * keeps the Payment Request API for our own pages: Adyen's Drop-in (payments, next) uses it for
 * Google Pay; its card fields run in Adyen's iframes, which will need their origin added here.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self)',
  'usb=()',
].join(', ');

const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
};

/**
 * Helmet with an enforced Content-Security-Policy. Scripts need the request's nonce;
 * styles come from our own files only (no inline style attributes in markup).
 * Development relaxes what Vite's HMR client needs (injected <style>, websocket). Plus the
 * Permissions-Policy above.
 */
export function securityHeaders({
  production,
  development,
  formTargets = [],
  dropIn,
}: {
  production: boolean;
  development: boolean;
  /**
   * Other origins a form may lead to. Browsers apply `form-action` to the redirects after a
   * POST too, so sign-out (POST → the sign-in service's logout page) needs an external issuer.
   */
  formTargets?: readonly string[];
  /**
   * The origins checkout's Drop-in needs (payments/config.ts `dropInSources`). On every page: a
   * document keeps its CSP through client-side navigations, so a fan coming to checkout from the
   * cart runs Drop-in under the cart's policy.
   */
  dropIn?: DropInSources;
}) {
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource, ...(dropIn?.script ?? [])],
        // The nonce admits the site's inline stylesheet (SiteStyles) and nothing else inline.
        styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource],
        imgSrc: ["'self'", 'data:', ...(dropIn?.img ?? [])],
        fontSrc: ["'self'"],
        connectSrc: [...(development ? ["'self'", 'ws:'] : ["'self'"]), ...(dropIn?.connect ?? [])],
        frameSrc: ["'self'", ...(dropIn?.frame ?? [])],
        formAction: ["'self'", ...formTargets],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense where the shop is served over HTTPS.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  return [helmetHeaders, permissionsPolicy];
}
