import pino from 'pino';
import type { Config } from './env';

export type Logger = pino.Logger;

/** Fields of database errors that carry the values of a query (a fan's name, phone, street). */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where'] as const;

/** Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');

/**
 * pino's error serializer, minus SQL parameters (issue 9): a failed query's values never reach the
 * log, on the error or any `cause` (pg's own error puts values in `detail`).
 */
export function errorSerializer(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  // pino folds a cause into the message and stack; its SQLSTATE (e.g. 22021) is worth keeping.
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof causeCode === 'string' && typeof serialized === 'object' && serialized !== null)
    (serialized as Record<string, unknown>).causeCode = causeCode;
  return scrub(serialized, 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > 5) return value;
  const record = value as Record<string, unknown>;
  for (const field of VALUE_FIELDS) if (field in record) record[field] = '[redacted]';
  if (typeof record.message === 'string') record.message = withoutParams(record.message);
  if (typeof record.stack === 'string') record.stack = withoutParams(record.stack);
  if ('cause' in record) record.cause = scrub(record.cause, depth + 1);
  return record;
}

/** JSON logs on stdout; secrets, cookies and SQL parameters never reach the log. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    serializers: { err: errorSerializer },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
