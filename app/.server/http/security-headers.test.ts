import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { dropInSources } from '../payments/config';
import { assignCspNonce, PERMISSIONS_POLICY, securityHeaders } from './security-headers';

async function policyOf(options: Parameters<typeof securityHeaders>[0], header = 'content-security-policy'): Promise<string> {
  const app = express();
  app.use(assignCspNonce, securityHeaders(options));
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return response.headers.get(header) ?? '';
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  it('lets forms lead only to the shop itself by default', async () => {
    const policy = await policyOf({ production: false, development: false });
    expect(policy).toContain("form-action 'self';");
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  });

  it('lets forms lead to an external sign-in service (sign-out redirects there after a POST)', async () => {
    const policy = await policyOf({ production: true, development: false, formTargets: ['https://id.club.example'] });
    expect(policy).toContain("form-action 'self' https://id.club.example;");
    expect(policy).toContain('upgrade-insecure-requests');
  });

  it('admits Drop-in’s origins for the configured environment and no other region’s', async () => {
    const policy = await policyOf({ production: true, development: false, dropIn: dropInSources('live-us') });
    expect(policy).toContain("frame-src 'self' https://checkoutshopper-live-us.adyen.com https://www.paypal.com");
    expect(policy).toContain('connect-src \'self\' https://checkoutshopper-live-us.adyen.com https://checkoutshopper-live-us.cdn.adyen.com https://checkoutanalytics-live-us.adyen.com');
    expect(policy).toContain('img-src \'self\' data: https://checkoutshopper-live-us.cdn.adyen.com');
    expect(policy).not.toMatch(/checkoutshopper-(test|live)\.(cdn\.)?adyen/);
    expect(await policyOf({ production: true, development: false })).not.toMatch(/adyen|paypal/);
  });

  it('turns off camera, microphone and geolocation, and keeps payments for the shop itself', async () => {
    const policy = await policyOf({ production: true, development: false }, 'permissions-policy');
    expect(policy).toBe(PERMISSIONS_POLICY);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)']) expect(policy).toContain(feature);
  });
});
