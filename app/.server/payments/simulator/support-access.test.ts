import { describe, expect, it } from 'vitest';
import { basicAuthPassword, isSameOriginPost, supportAccessOf } from './support-access';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('basicAuthPassword', () => {
  it('reads the password after the first colon, whatever the user name', () => {
    expect(basicAuthPassword(basic('support:s3cret:with:colons'))).toBe('s3cret:with:colons');
    expect(basicAuthPassword(basic(':only-password'))).toBe('only-password');
    expect(basicAuthPassword(`basic ${Buffer.from('u:p').toString('base64')}`)).toBe('p');
  });

  it('gives null for no header, another scheme, no colon or no base64', () => {
    for (const header of [undefined, '', 'Bearer abc', basic('no-colon'), 'Basic', 'Basic !!!']) expect(basicAuthPassword(header)).toBeNull();
  });
});

describe('supportAccessOf', () => {
  const local = { authorization: undefined, remoteAddress: '127.0.0.1', proxied: false, host: '127.0.0.1:3000', publicHost: 'localhost:3000' };

  it('with a password: only the right one, from anywhere', () => {
    const password = 'a long support password';
    expect(supportAccessOf({ ...local, password })).toBe('passwordRequired');
    expect(supportAccessOf({ ...local, password, authorization: basic('x:wrong') })).toBe('passwordRequired');
    expect(supportAccessOf({ ...local, password, authorization: basic(`x:${password}x`) })).toBe('passwordRequired');
    expect(supportAccessOf({ ...local, password, authorization: basic(`anyone:${password}`), remoteAddress: '203.0.113.9', proxied: true, host: 'shop.example' })).toBe('allowed');
  });

  it('without one: a loopback connection that no proxy forwarded', () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.1.2.3']) expect(supportAccessOf({ ...local, password: null, remoteAddress })).toBe('allowed');
    for (const remoteAddress of ['203.0.113.9', '::ffff:192.0.2.2', '10.0.0.1', undefined]) expect(supportAccessOf({ ...local, password: null, remoteAddress })).toBe('localOnly');
    expect(supportAccessOf({ ...local, password: null, proxied: true })).toBe('localOnly');
  });

  it('without one: addressed to this machine by name or to the shop’s own host, never to a name rebound to 127.0.0.1', () => {
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1', '[::1]:3000', 'localhost:3000']) expect(supportAccessOf({ ...local, password: null, host })).toBe('allowed');
    expect(supportAccessOf({ ...local, password: null, host: 'shop.example:8080', publicHost: 'shop.example:8080' })).toBe('allowed');
    for (const host of ['evil.example', 'evil.example:3000', undefined]) expect(supportAccessOf({ ...local, password: null, host })).toBe('localOnly');
  });
});

describe('isSameOriginPost', () => {
  const shop = { publicOrigin: 'http://localhost:3000', requestProtocol: 'http', requestHost: '127.0.0.1:3000' };

  it('takes no Origin, the public origin, and the origin the request came to on this machine', () => {
    expect(isSameOriginPost(undefined, shop)).toBe(true);
    expect(isSameOriginPost('http://localhost:3000', shop)).toBe(true);
    expect(isSameOriginPost('http://127.0.0.1:3000', shop)).toBe(true);
    expect(isSameOriginPost('http://[::1]:3000', { ...shop, requestHost: '[::1]:3000' })).toBe(true);
  });

  it('refuses any other origin, also one whose name was made to point here', () => {
    expect(isSameOriginPost('https://evil.example', shop)).toBe(false);
    expect(isSameOriginPost('null', shop)).toBe(false);
    expect(isSameOriginPost('http://127.0.0.1:3001', shop)).toBe(false);
    expect(isSameOriginPost('http://rebound.example:3000', { ...shop, requestHost: 'rebound.example:3000' })).toBe(false);
  });
});
