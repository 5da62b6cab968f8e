import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Creates the per-request CSP nonce; must run before `securityHeaders`. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

/**
 * Helmet with an enforced Content-Security-Policy. Scripts need the request's nonce;
 * styles come from our own files only (no inline style attributes in markup).
 * Development relaxes what Vite's HMR client needs (injected <style>, websocket).
 */
export function securityHeaders({
  production,
  development,
  formTargets = [],
}: {
  production: boolean;
  development: boolean;
  /**
   * Other origins a form may lead to. Browsers apply `form-action` to the redirects after a
   * POST too, so sign-out (POST → the sign-in service's logout page) needs an external issuer.
   */
  formTargets?: readonly string[];
}) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource],
        styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: development ? ["'self'", 'ws:'] : ["'self'"],
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
}
