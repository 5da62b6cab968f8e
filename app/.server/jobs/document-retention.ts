import type { Logger } from '../logger';
import type { DocumentRetentionService } from '../services/document-retention';
import { startRepeatingJob, type RepeatingJob } from './repeating-job';

/** Retention is counted in days: looking every hour deletes a document at most an hour late. */
export const DOCUMENT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes identity documents past their retention in the background (`documentRetention.deleteDue`).
 * Any number of instances may run it: each batch locks its rows (`skip locked`), and a document
 * is deleted once. The timer is unref'd.
 */
export function startDocumentRetention(input: {
  retention: Pick<DocumentRetentionService, 'deleteDue'>;
  logger: Pick<Logger, 'error' | 'info'>;
  /** 0 starts no timer (tests drive `tick`). */
  intervalMs?: number;
}): RepeatingJob {
  const { retention, logger, intervalMs = DOCUMENT_RETENTION_INTERVAL_MS } = input;
  return startRepeatingJob({
    job: 'document-retention',
    pass: async () => {
      const deleted = await retention.deleteDue();
      if (deleted > 0) logger.info({ deleted }, 'documents: deleted identity documents past their retention');
    },
    intervalMs,
    onError: (error) => logger.error({ err: error }, 'documents: retention pass failed'),
  });
}
