import { describe, expect, it } from 'vitest';
import { ConfigError, EMBEDDED_CLIENT_ID, readConfig } from './env';
import { PRODUCTION_ENV } from './env-testing';

const PRODUCTION = PRODUCTION_ENV;

describe('sign-in configuration', () => {
  it('uses the embedded sign-in service under PUBLIC_URL by default', () => {
    const { oidc } = readConfig({ PORT: '4000' });
    expect(oidc).toMatchObject({ embedded: true, issuer: 'http://localhost:4000/sso', clientId: EMBEDDED_CLIENT_ID });
    expect(oidc.clientSecret.length).toBeGreaterThanOrEqual(43);
  });

  it('derives the embedded client secret from SESSION_SECRET (a different secret in production)', () => {
    const offline = readConfig({}).oidc.clientSecret;
    const production = readConfig(PRODUCTION).oidc;
    expect(production.issuer).toBe('https://shop.example.org/sso');
    expect(production.clientSecret).not.toBe(offline);
    expect(readConfig(PRODUCTION).oidc.clientSecret).toBe(production.clientSecret);
  });

  it('refuses the offline client secret in production', () => {
    const offline = readConfig({}).oidc.clientSecret;
    expect(() => readConfig({ ...PRODUCTION, OIDC_CLIENT_SECRET: offline })).toThrow(/OIDC_CLIENT_SECRET must not be the offline default/);
  });

  it('needs a client id and secret for an external issuer', () => {
    const issuer = { OIDC_ISSUER: 'https://id.club.example/realms/fans/' };
    expect(() => readConfig(issuer)).toThrow(ConfigError);
    expect(() => readConfig(issuer)).toThrow(/OIDC_CLIENT_ID is required/);
    expect(() => readConfig({ ...issuer, OIDC_CLIENT_ID: 'shop' })).toThrow(/OIDC_CLIENT_SECRET is required/);
    expect(readConfig({ ...issuer, OIDC_CLIENT_ID: 'shop', OIDC_CLIENT_SECRET: 's3cret' }).oidc).toEqual({
      embedded: false,
      issuer: 'https://id.club.example/realms/fans',
      clientId: 'shop',
      clientSecret: 's3cret',
    });
  });

  it('names a malformed issuer', () => {
    expect(() => readConfig({ OIDC_ISSUER: 'ftp://id.example' })).toThrow(/OIDC_ISSUER/);
  });
});
