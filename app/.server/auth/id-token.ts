/** The claims the shop uses from an ID token. */
export type IdTokenClaims = {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
};

export class IdTokenError extends Error {
  override name = 'IdTokenError';
}

/**
 * Reads an ID token received straight from the token endpoint over TLS (OIDC Core
 * 3.1.3.7: the TLS server check may stand in for the signature) and checks issuer,
 * audience and expiry.
 */
export function readIdToken(
  idToken: string,
  expected: { issuer: string; clientId: string; now: Date; clockToleranceSeconds?: number },
): IdTokenClaims {
  const parts = idToken.split('.');
  if (parts.length !== 3 || !parts[1]) throw new IdTokenError('not a JWT');
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new IdTokenError('unreadable payload');
  }
  if (payload.iss !== expected.issuer) throw new IdTokenError('wrong issuer');
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audience.includes(expected.clientId)) throw new IdTokenError('wrong audience');
  const now = Math.floor(expected.now.getTime() / 1000);
  const tolerance = expected.clockToleranceSeconds ?? 60;
  if (typeof payload.exp !== 'number' || payload.exp + tolerance < now) throw new IdTokenError('expired');
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new IdTokenError('no subject');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    sub: payload.sub,
    email: text(payload.email),
    given_name: text(payload.given_name),
    family_name: text(payload.family_name),
  };
}
