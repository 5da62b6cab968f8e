import { generateKeyPairSync, hkdfSync, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ShopDb } from '../db/client';
import { oidcKeySets } from '../db/schema';

export type PrivateJwks = { keys: Record<string, unknown>[] };

const SIGNING_KEYS = 'signing';

function generateSigningJwks(): PrivateJwks {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'RS256' }] };
}

/**
 * The ID-token signing keys, the same for every instance and every restart: the first
 * instance to start inserts a fresh key set, everyone (that one included) reads what won.
 */
export async function loadSigningKeys(db: ShopDb): Promise<PrivateJwks> {
  await db.insert(oidcKeySets).values({ name: SIGNING_KEYS, jwks: generateSigningJwks() }).onConflictDoNothing();
  const [row] = await db.select({ jwks: oidcKeySets.jwks }).from(oidcKeySets).where(eq(oidcKeySets.name, SIGNING_KEYS));
  if (!row) throw new Error('the sign-in service signing keys could not be stored');
  return row.jwks;
}

/**
 * Cookie signing keys of the sign-in service, derived from SESSION_SECRET (not the secret itself),
 * then from each of SESSION_SECRET_PREVIOUS: oidc-provider signs with the first and accepts any,
 * so a rotation does not end the fans' sessions at the sign-in service.
 */
export function deriveCookieKeys(sessionSecret: string, previousSecrets: readonly string[] = []): string[] {
  return [sessionSecret, ...previousSecrets].map((secret) => Buffer.from(hkdfSync('sha256', secret, 'fan-shop', 'oidc-provider cookie keys v1', 32)).toString('base64url'));
}
