import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './env';
import { PRODUCTION_ENV } from './env-testing';

const PRODUCTION = PRODUCTION_ENV;

describe('readConfig', () => {
  it('needs no variables at all for the offline defaults', () => {
    const config = readConfig({});
    expect(config.production).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data/db' });
  });

  it('listens on 127.0.0.1 offline and on every interface in production, unless HOST says otherwise', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig(PRODUCTION).host).toBe('0.0.0.0');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('signs with the stored offline secret when SESSION_SECRET is not set, never in its place', () => {
    const stored = 'a-stored-random-secret-of-at-least-32-chars';
    const offline = readConfig({}, { localSessionSecret: stored });
    expect(offline.sessionSecret).toBe(stored);
    expect(offline.oidc.clientSecret).not.toBe(readConfig({}).oidc.clientSecret);
    expect(readConfig({ SESSION_SECRET: PRODUCTION.SESSION_SECRET }, { localSessionSecret: stored }).sessionSecret).toBe(
      PRODUCTION.SESSION_SECRET,
    );
    expect(readConfig(PRODUCTION, { localSessionSecret: stored }).sessionSecret).toBe(PRODUCTION.SESSION_SECRET);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@127.0.0.1:5432/test',
    });
  });

  it('treats empty variables as unset', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ CHRISTMAS_FROM: '2026-12-30', CHRISTMAS_TO: '2026-12-28' }, /CHRISTMAS_FROM/],
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL/],
    [{ SIGN_UPS_PER_IP: '0' }, /SIGN_UPS_PER_IP/],
  ])('names the wrong variable in one line: %j', (env, message) => {
    const attempt = () => readConfig(env);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it('starts in production with a real secret and public URL', () => {
    const config = readConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.publicUrl).toBe('https://shop.example.org');
  });

  it.each(['SESSION_SECRET', 'PUBLIC_URL', 'UPLOADS_KEY'])('refuses production without %s', (variable) => {
    const env = { ...PRODUCTION, [variable]: undefined };
    expect(() => readConfig(env)).toThrow(new RegExp(`${variable} is required when NODE_ENV=production`));
  });

  it('keeps documents under DATA_DIR with the configured key (hex or base64), and refuses a key that is not 32 bytes', () => {
    const key = Buffer.from(PRODUCTION.UPLOADS_KEY, 'hex');
    const config = readConfig({ ...PRODUCTION, DATA_DIR: '/srv/shop/' });
    expect(config.uploads.directory).toBe('/srv/shop/uploads');
    expect(config.uploads.key?.equals(key)).toBe(true);
    expect(readConfig({ UPLOADS_KEY: key.toString('base64') }).uploads.key?.equals(key)).toBe(true);
    expect(() => readConfig({ UPLOADS_KEY: 'a passphrase is not a key, however long it is' })).toThrow(/UPLOADS_KEY must be 32 random bytes/);
    expect(() => readConfig({ UPLOADS_KEY: key.subarray(0, 16).toString('hex') })).toThrow(ConfigError);
    // Offline, without UPLOADS_KEY, the key stored under DATA_DIR is passed in (secrets.ts).
    expect(readConfig({}).uploads.key).toBeNull();
    expect(readConfig({}, { localUploadsKey: key }).uploads.key?.equals(key)).toBe(true);
  });

  it('refuses the offline session secret in production', () => {
    const offline = readConfig({}).sessionSecret;
    expect(() => readConfig({ ...PRODUCTION, SESSION_SECRET: offline })).toThrow(/offline default/);
  });

  it('reads mail and sign-in limit settings, with offline defaults', () => {
    expect(readConfig({}).mail).toEqual({ smtpUrl: null, from: 'Fan Shop <no-reply@fanshop.example>' });
    expect(readConfig({}).signInLimits).toEqual({
      failuresPerIp: 50,
      failuresPerAccountIp: 10,
      failuresPerAccount: 100,
      signUpsPerIp: 20,
    });
    const configured = readConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465', SIGN_UPS_PER_IP: '500' });
    expect(configured.mail.smtpUrl).toBe('smtps://user:pass@mail.example:465');
    expect(configured.signInLimits.signUpsPerIp).toBe(500);
  });

  it.each([
    [{ SESSION_SECRET_PREVIOUS: `${'a'.repeat(32)},short` }, /^Invalid configuration: SESSION_SECRET_PREVIOUS must be secrets of at least 32 characters/],
    [{ UPLOADS_KEY_PREVIOUS: 'a passphrase is not a key, however long it is' }, /^Invalid configuration: UPLOADS_KEY_PREVIOUS must be keys of 32 random bytes/],
    [{ ADYEN_HMAC_KEY_PREVIOUS: 'not-hex' }, /^Invalid configuration: ADYEN_HMAC_KEY_PREVIOUS must be HMAC keys as hex digits/],
  ])('names a wrong rotation variable in one line: %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('reads the previous secrets and keys of a rotation (comma-separated), none by default', () => {
    expect(readConfig({}).previousSessionSecrets).toEqual([]);
    expect(readConfig({}).uploads.previousKeys).toEqual([]);
    expect(readConfig({}).payments.previousHmacKeys).toEqual([]);
    const [first, second] = ['p'.repeat(32), 'q'.repeat(40)];
    expect(readConfig({ SESSION_SECRET_PREVIOUS: `${first}, ${second}` }).previousSessionSecrets).toEqual([first, second]);
    const oldKey = Buffer.alloc(32, 7);
    expect(readConfig({ UPLOADS_KEY_PREVIOUS: oldKey.toString('hex') }).uploads.previousKeys).toEqual([oldKey]);
    const hmac = 'AB'.repeat(32);
    const adyen = { ADYEN_API_KEY: 'AQE-test-key', ADYEN_MERCHANT_ACCOUNT: 'Club', ADYEN_CLIENT_KEY: 'test_ABCDEFGH12', ADYEN_HMAC_KEY: 'CD'.repeat(32) };
    expect(readConfig({ ...adyen, ADYEN_HMAC_KEY_PREVIOUS: `${hmac},${'EF'.repeat(16)}` }).payments.previousHmacKeys).toEqual([hmac, 'EF'.repeat(16)]);
    // The simulator's webhook key derives from the session secret: the previous secrets' keys are still accepted.
    const simulated = readConfig({ SESSION_SECRET: second, SESSION_SECRET_PREVIOUS: first }).payments;
    expect(simulated.previousHmacKeys).toEqual([readConfig({ SESSION_SECRET: first }).payments.hmacKey]);
    expect(simulated.hmacKey).toBe(readConfig({ SESSION_SECRET: second }).payments.hmacKey);
  });
});

