import { describe, expect, it } from 'vitest';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie';

const SECRET = 'unit-test-session-secret-0123456789abcdef';
const devices = createDeviceCookies({ secret: SECRET, production: false });
/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookies of the sign-in pages', () => {
  it('vouch, after a sign-in, for that account (whatever the e-mail\u2019s case) and no other', () => {
    const setCookie = devices.remember(null, 'Ada.Rossi@Example.org');
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{22}\\.[\\w-]{22}; Path=/sign-in; Max-Age=31536000; HttpOnly; SameSite=Strict$`));
    const cookie = `jc_prf_lng=en; ${sentBack(setCookie)}`;
    const deviceId = devices.trustedDevice(cookie, ' ada.rossi@example.org');
    expect(deviceId).toMatch(/^[\w-]{22}$/);
    expect(devices.trustedDevice(cookie, 'eve@example.org')).toBeNull();
    // The cookie names no e-mail address.
    expect(setCookie).not.toMatch(/rossi|example/i);
  });

  it('are Secure in production', () => {
    expect(createDeviceCookies({ secret: SECRET, production: true }).remember(null, 'a@example.org')).toMatch(/; Secure$/);
  });

  it('cannot be forged or moved: another device id, a changed tag or another secret vouch for nothing', () => {
    const cookie = sentBack(devices.remember(null, 'ada@example.org'));
    const [deviceId, tag] = cookie.slice(DEVICE_COOKIE.length + 1).split('.') as [string, string];
    const otherDevice = `${DEVICE_COOKIE}=${'A'.repeat(22)}.${tag}`;
    const changedTag = `${DEVICE_COOKIE}=${deviceId}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [otherDevice, changedTag, `${DEVICE_COOKIE}=${deviceId}`, `${DEVICE_COOKIE}=garbage`, '']) {
      expect(devices.trustedDevice(forged, 'ada@example.org'), forged).toBeNull();
    }
    expect(createDeviceCookies({ secret: 'another-secret-0123456789abcdef0123', production: false }).trustedDevice(cookie, 'ada@example.org')).toBeNull();
  });

  it('keep one device id and the five newest accounts of a shared browser', () => {
    let cookie = '';
    const emails = ['one', 'two', 'three', 'four', 'five', 'six'].map((name) => `${name}@example.org`);
    for (const email of emails) cookie = sentBack(devices.remember(cookie, email));
    const ids = new Set(emails.slice(1).map((email) => devices.trustedDevice(cookie, email)));
    expect([...ids]).toHaveLength(1);
    expect(ids.has(null)).toBe(false);
    expect(devices.trustedDevice(cookie, 'one@example.org')).toBeNull();
    // Signing in again to an account moves it first rather than adding it twice.
    cookie = sentBack(devices.remember(cookie, 'two@example.org'));
    expect(cookie.split('.')).toHaveLength(6);
    expect(devices.trustedDevice(cookie, 'three@example.org')).not.toBeNull();
  });

  it('made under a previous SESSION_SECRET still vouch after a rotation', () => {
    const before = sentBack(devices.remember(null, 'ada@example.org'));
    const rotated = createDeviceCookies({ secret: 'the-new-session-secret-0123456789abcdef', previousSecrets: [SECRET], production: false });
    expect(rotated.trustedDevice(before, 'ada@example.org')).toBe(devices.trustedDevice(before, 'ada@example.org'));
  });
});
