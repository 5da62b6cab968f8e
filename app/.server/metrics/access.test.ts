import { describe, expect, it } from 'vitest';
import { mayReadMetrics, type MetricsRequest } from './access';

const TOKEN = 'a-metrics-token-of-32-characters!';
const local: MetricsRequest = { remoteAddress: '127.0.0.1', authorization: undefined, forwarded: false };
const remote: MetricsRequest = { remoteAddress: '203.0.113.7', authorization: undefined, forwarded: false };

describe('who may read /metrics', () => {
  it('without a token: a loopback socket (IPv4, IPv6, IPv4-mapped), nobody else', () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(mayReadMetrics({ ...local, remoteAddress }, null)).toBe(true);
    }
    for (const remoteAddress of ['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', '::2', '128.0.0.1', undefined]) {
      expect(mayReadMetrics({ ...local, remoteAddress }, null)).toBe(false);
    }
  });

  it('without a token: a loopback socket that a proxy forwarded is not local (nginx on this machine connects for anyone)', () => {
    expect(mayReadMetrics({ ...local, forwarded: true }, null)).toBe(false);
  });

  it('without a token: a bearer header does not open it to a remote client', () => {
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${TOKEN}` }, null)).toBe(false);
  });

  it('with a token: the exact bearer token from anywhere, forwarded or not', () => {
    expect(mayReadMetrics({ ...remote, authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(mayReadMetrics({ ...remote, authorization: `bearer ${TOKEN}`, forwarded: true }, TOKEN)).toBe(true);
    expect(mayReadMetrics({ ...local, authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
  });

  it('with a token: nobody without it, this machine included', () => {
    expect(mayReadMetrics(local, TOKEN)).toBe(false);
    for (const authorization of [TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, 'Bearer ', `Bearer ${TOKEN} extra`, '']) {
      expect(mayReadMetrics({ ...remote, authorization }, TOKEN)).toBe(false);
    }
  });
});
