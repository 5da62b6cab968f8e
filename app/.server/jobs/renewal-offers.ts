import type { Logger } from '../logger';
import type { RenewalOffersService } from '../services/renewal-offers';
import { startRepeatingJob, type RepeatingJob } from './repeating-job';

/**
 * How often the shop looks for automatic renewals to offer: they fall due by the day (1 June of
 * a season's second year), so a quarter of an hour is prompt; the look is one read of a partial
 * index (`memberships_renewal_due`).
 */
export const RENEWAL_OFFERS_INTERVAL_MS = 15 * 60_000;

/** Offers due automatic renewals (`services.renewalOffers.offerDue`) in the background, on every instance. */
export function startRenewalOffers(input: {
  offers: Pick<RenewalOffersService, 'offerDue'>;
  logger: Pick<Logger, 'error'>;
  /** 0 starts no timer (tests drive `tick`). */
  intervalMs?: number;
}): RepeatingJob {
  const { offers, logger, intervalMs = RENEWAL_OFFERS_INTERVAL_MS } = input;
  return startRepeatingJob({
    job: 'renewal-offers',
    pass: () => offers.offerDue(),
    intervalMs,
    onError: (error) => logger.error({ err: error }, 'memberships: renewal offers pass failed'),
  });
}
