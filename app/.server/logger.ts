import pino from 'pino';
import type { Config } from './env';

export type Logger = pino.Logger;

/** JSON logs on stdout; secrets and cookies never reach the log. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
