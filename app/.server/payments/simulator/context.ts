import type { Clock } from '../../clock';
import type { ShopDb } from '../../db/client';
import type { Logger } from '../../logger';
import { SIMULATOR_PATH, type PaymentsConfig } from '../config';

/** What every part of the simulator works with, and the addresses of its own pages. */
export type SimulatorContext = {
  config: PaymentsConfig;
  db: ShopDb;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  urls: SimulatorUrls;
};

export type SimulatorUrls = {
  /** The shop's public origin: where the simulator's own pages are, and their forms post from. */
  origin: string;
  /** The hosted page of a session (`url` in the `/sessions` answer). */
  pay(sessionId: string): string;
  challenge(actionToken: string): string;
  paypal(actionToken: string): string;
};

/** Absolute URLs under `${publicUrl}/_psp`: they go to the shopper's browser and to the shop. */
export function simulatorUrls(publicUrl: string): SimulatorUrls {
  const base = `${publicUrl.replace(/\/$/, '')}${SIMULATOR_PATH}`;
  return {
    origin: new URL(publicUrl).origin,
    pay: (sessionId) => `${base}/pay/${encodeURIComponent(sessionId)}`,
    challenge: (token) => `${base}/3ds/${encodeURIComponent(token)}`,
    paypal: (token) => `${base}/paypal/${encodeURIComponent(token)}`,
  };
}
