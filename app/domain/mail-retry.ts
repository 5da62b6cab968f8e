/**
 * When an undelivered mail is tried again. The outbox keeps only the queueing time and the
 * number of attempts, so attempt n is due at a fixed offset from queueing: waits of 1, 2,
 * 4 … minutes (at most an hour) between attempts, and no more after MAX_MAIL_ATTEMPTS.
 */
export const MAX_MAIL_ATTEMPTS = 10;

const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 60 * 60;

/** The wait after the n-th failed attempt (n ≥ 1). */
export function retryDelaySeconds(failedAttempts: number): number {
  if (failedAttempts < 1) return 0;
  return Math.min(FIRST_RETRY_SECONDS * 2 ** (failedAttempts - 1), LONGEST_RETRY_SECONDS);
}

/** Seconds after queueing from which the attempt after `attempts` earlier ones may run. */
export function attemptOffsetSeconds(attempts: number): number {
  let total = 0;
  for (let failed = 1; failed <= attempts; failed += 1) total += retryDelaySeconds(failed);
  return total;
}

/** Offsets for attempts 0 … MAX-1, for the SQL that picks due mail (index = earlier attempts). */
export const ATTEMPT_OFFSETS_SECONDS: readonly number[] = Array.from({ length: MAX_MAIL_ATTEMPTS }, (_, attempts) =>
  attemptOffsetSeconds(attempts),
);

export function isMailDue(mail: { createdAt: Date; attempts: number; sentAt: Date | null }, now: Date): boolean {
  if (mail.sentAt || mail.attempts >= MAX_MAIL_ATTEMPTS) return false;
  return mail.createdAt.getTime() + attemptOffsetSeconds(mail.attempts) * 1000 <= now.getTime();
}

/** How the outbox page describes a mail. */
export type MailDelivery = 'sent' | 'queued' | 'retrying' | 'failed';

export function mailDelivery(mail: { sentAt: Date | null; attempts: number }): MailDelivery {
  if (mail.sentAt) return 'sent';
  if (mail.attempts === 0) return 'queued';
  return mail.attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'retrying';
}
