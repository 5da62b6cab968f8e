/**
 * When an undelivered mail is tried again: waits of 1, 2, 4 … minutes (at most an hour) after
 * each failed attempt, counted from that failure, and no more attempts after MAX_MAIL_ATTEMPTS.
 * Counting from the failure (not from queueing) keeps the spacing after a long SMTP outage,
 * so a backlog is not retried in a burst and used up in minutes.
 */
export const MAX_MAIL_ATTEMPTS = 10;

const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 60 * 60;

/** The wait after the n-th failed attempt (n ≥ 1). */
export function retryDelaySeconds(failedAttempts: number): number {
  if (failedAttempts < 1) return 0;
  return Math.min(FIRST_RETRY_SECONDS * 2 ** (failedAttempts - 1), LONGEST_RETRY_SECONDS);
}

/** When the next attempt may run, after the `failedAttempts`-th attempt failed at `failedAt`. */
export function nextAttemptAfterFailure(failedAttempts: number, failedAt: Date): Date {
  return new Date(failedAt.getTime() + retryDelaySeconds(failedAttempts) * 1000);
}

/** How the outbox page describes a mail. */
export type MailDelivery = 'sent' | 'queued' | 'retrying' | 'failed';

export function mailDelivery(mail: { sentAt: Date | null; attempts: number }): MailDelivery {
  if (mail.sentAt) return 'sent';
  if (mail.attempts === 0) return 'queued';
  return mail.attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'retrying';
}
