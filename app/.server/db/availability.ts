import type { Logger } from '../logger';

/**
 * SQLSTATEs and socket errors that mean "the database is not there right now" (a restart, a
 * failover, a network cut), as opposed to a bad query: 08 connection exceptions, 57P01–57P03
 * shutdown/cannot-connect-now, 53300 too many connections, 55000 as answered by a database
 * that does not accept connections (maintenance).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '55000']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What `pg` says when the socket closes under it; it sets no code. */
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /not queryable/, /^timeout exceeded when trying to connect/];

/**
 * The code or message by which `error` (or one of its causes: drizzle wraps the driver's
 * error) says the database is unreachable; null for any other error. Never the query or its
 * parameters, so it is safe to log.
 */
export function unavailableReason(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return null;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return code;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return message;
    current = cause;
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== null;
}

/** How often an unavailable database is asked whether it is back. */
const PROBE_INTERVAL_MS = 1_000;

export type DatabaseAvailability = {
  /** False from the first sign of an outage until a probe succeeds again. */
  isAvailable(): boolean;
  /** Feeds an error seen anywhere (a page, a job, the pool); true if it meant an outage. */
  report(error: unknown): boolean;
  /** Pings now (the health check): success closes the circuit, an outage opens it; rethrows. */
  check(): Promise<void>;
  stop(): void;
};

/**
 * A circuit breaker over the database: once an outage is seen, pages answer 503 at once
 * (no request waits on a dead connection) while a probe asks every second whether the
 * database is back; the first answer closes the circuit, without a restart.
 */
export function trackAvailability(ping: () => Promise<void>, logger: Logger): DatabaseAvailability {
  let available = true;
  let probe: NodeJS.Timeout | undefined;
  let probing = false;

  const reachable = () => {
    if (!available) logger.info('database: reachable again');
    available = true;
    clearInterval(probe);
    probe = undefined;
  };

  const tryAgain = async () => {
    if (probing) return;
    probing = true;
    try {
      await ping();
      reachable();
    } catch {
      // Still down: the next tick asks again.
    } finally {
      probing = false;
    }
  };

  const availability: DatabaseAvailability = {
    isAvailable: () => available,
    async check() {
      try {
        await ping();
      } catch (error) {
        availability.report(error);
        throw error;
      }
      reachable();
    },
    report(error) {
      const reason = unavailableReason(error);
      if (reason === null) return false;
      if (available) logger.error({ reason }, 'database: unreachable, answering 503 until it is back');
      available = false;
      if (!probe) {
        probe = setInterval(() => void tryAgain(), PROBE_INTERVAL_MS);
        probe.unref();
      }
      return true;
    },
    stop() {
      clearInterval(probe);
      probe = undefined;
    },
  };
  return availability;
}
