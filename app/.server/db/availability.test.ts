import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { isDatabaseUnavailable, trackAvailability, unavailableReason } from './availability';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('unavailableReason', () => {
  it('recognises restarts, refused connections and cut sockets, also wrapped by drizzle', () => {
    expect(unavailableReason(pgError('57P01', 'terminating connection due to administrator command'))).toBe('57P01');
    expect(unavailableReason(pgError('08006'))).toBe('08006');
    expect(unavailableReason(pgError('ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(unavailableReason(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
    const wrapped = new Error('Failed query: select 1\nparams: Ada', { cause: pgError('57P03') });
    expect(unavailableReason(wrapped)).toBe('57P03');
  });

  it('leaves query errors alone: they are bugs or bad input, not an outage', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: pgError('22021') }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('57P01')).toBe(false);
  });
});

describe('trackAvailability', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on an outage, stays open while the probe fails and closes on its first success', async () => {
    vi.useFakeTimers();
    let databaseUp = false;
    const ping = vi.fn(() => (databaseUp ? Promise.resolve() : Promise.reject(pgError('ECONNREFUSED'))));
    const availability = trackAvailability(ping, createLogger('silent'));
    expect(availability.isAvailable()).toBe(true);

    expect(availability.report(pgError('23505'))).toBe(false);
    expect(availability.isAvailable()).toBe(true);

    expect(availability.report(pgError('57P01'))).toBe(true);
    expect(availability.isAvailable()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(availability.isAvailable()).toBe(false);

    databaseUp = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(availability.isAvailable()).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ping).toHaveBeenCalledTimes(4);
    availability.stop();
  });

  it('probes once at a time however many errors arrive', async () => {
    vi.useFakeTimers();
    const ping = vi.fn(() => Promise.reject(pgError('ECONNREFUSED')));
    const availability = trackAvailability(ping, createLogger('silent'));
    for (let i = 0; i < 50; i += 1) availability.report(pgError('57P01'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ping).toHaveBeenCalledTimes(2);
    availability.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ping).toHaveBeenCalledTimes(2);
  });
});

describe('availability.check (the health check)', () => {
  it('opens the circuit when the ping meets an outage and closes it when the ping succeeds', async () => {
    let databaseUp = false;
    const ping = () => (databaseUp ? Promise.resolve() : Promise.reject(pgError('08006')));
    const availability = trackAvailability(ping, createLogger('silent'));
    await expect(availability.check()).rejects.toThrow();
    expect(availability.isAvailable()).toBe(false);
    databaseUp = true;
    await availability.check();
    expect(availability.isAvailable()).toBe(true);
    availability.stop();
  });
});
