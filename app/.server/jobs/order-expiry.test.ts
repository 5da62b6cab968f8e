import { describe, expect, it, vi } from 'vitest';
import { startOrderExpiry } from './order-expiry';

/** An expiry pass the test finishes when it wants to. */
function heldPass() {
  let finish: (closed: number) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const pass = new Promise<number>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { pass, finish: (closed: number) => finish(closed), fail: (error: Error) => fail(error) };
}

describe('the order expiry job', () => {
  it('logs a failed pass and resolves, so the timer never meets a rejection; the next pass runs again', async () => {
    const expireDue = vi.fn().mockRejectedValueOnce(new Error('connection terminated')).mockResolvedValueOnce(2);
    const logger = { error: vi.fn() };
    const job = startOrderExpiry({ orders: { expireDue }, logger, intervalMs: 0 });

    await expect(job.tick()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'connection terminated' }) }, 'orders: expiry pass failed');
    await job.tick();
    expect(expireDue).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('does not start a second pass while one runs', async () => {
    const held = heldPass();
    const expireDue = vi.fn(() => held.pass);
    const job = startOrderExpiry({ orders: { expireDue }, logger: { error: vi.fn() }, intervalMs: 0 });

    const first = job.tick();
    const second = job.tick();
    expect(expireDue).toHaveBeenCalledTimes(1);
    held.finish(0);
    await Promise.all([first, second]);
    await job.tick();
    expect(expireDue).toHaveBeenCalledTimes(2);
  });

  it('stop waits for the running pass, and nothing runs after it', async () => {
    const held = heldPass();
    const expireDue = vi.fn(() => held.pass);
    const job = startOrderExpiry({ orders: { expireDue }, logger: { error: vi.fn() }, intervalMs: 0 });

    void job.tick();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    // Every pending promise settles before a macrotask: stop would have resolved by now had it not waited.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    held.fail(new Error('late failure'));
    await stopping;
    expect(stopped).toBe(true);
    await job.tick();
    expect(expireDue).toHaveBeenCalledTimes(1);
  });
});
