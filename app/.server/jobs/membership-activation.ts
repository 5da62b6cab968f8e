import type { Logger } from '../logger';
import type { MembershipActivationService } from '../services/membership-activation';
import { startRepeatingJob, type RepeatingJob } from './repeating-job';

/**
 * How often the shop looks for memberships to activate: a fan who bought for a season under way,
 * or chose a gift's holder, finds the membership active within a minute. The look is one read of
 * a partial index (`memberships_ready`), cheap enough for every instance every minute.
 */
export const MEMBERSHIP_ACTIVATION_INTERVAL_MS = 60_000;

/**
 * Activates memberships whose season has started and whose kept withdrawal period is over
 * (`services.membershipActivation.activateDue`) in the background, on every instance: a
 * membership moves once however many passes run.
 */
export function startMembershipActivation(input: {
  activation: Pick<MembershipActivationService, 'activateDue'>;
  logger: Pick<Logger, 'error'>;
  /** 0 starts no timer (tests drive `tick`). */
  intervalMs?: number;
}): RepeatingJob {
  const { activation, logger, intervalMs = MEMBERSHIP_ACTIVATION_INTERVAL_MS } = input;
  return startRepeatingJob({
    job: 'membership-activation',
    pass: () => activation.activateDue(),
    intervalMs,
    onError: (error) => logger.error({ err: error }, 'memberships: activation pass failed'),
  });
}
