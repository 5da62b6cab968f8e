import { parse, type PGlite, protocol, type Results, type Transaction } from '@electric-sql/pglite';
import type { QueryOptions } from '@electric-sql/pglite';

/**
 * What drizzle's PGlite driver calls on its client: `query` and `transaction`, nothing else.
 */
export type PgliteQueries = Pick<PGlite, 'query' | 'transaction'>;

/** Distinct parameterised statements kept prepared; the shop has a few hundred query shapes. */
const DEFAULT_CAPACITY = 500;

type Prepared = { name: string; parameterTypes: number[] };

/** Statement names are the connection's: unique across wrappers of one PGlite too. */
let nextName = 0;

/**
 * A PGlite client whose parameterised queries run as named prepared statements, kept per SQL
 * text (least recently used out), the way node-postgres does it for a query given a name.
 *
 * Why: PGlite's own `query` sends every query as an unnamed statement, so Postgres parses,
 * analyses and plans it again on every call: for the session read 0.76 ms of CPU, against
 * 0.14 ms once it is prepared and Postgres reuses its plan (docs/decisions/performance.md,
 * "Statements prepared once: PGlite's plans and drizzle's SQL"). On PostgreSQL that work is the
 * database server's.
 *
 * Queries without parameters (migrations, `select 1`, transaction control) and blob queries go
 * to PGlite unchanged. Locking, errors and results are PGlite's: the same mutexes, the same
 * parsers, the error carries its query and parameters as PGlite's does.
 */
export function withPreparedStatements(pglite: PGlite, capacity = DEFAULT_CAPACITY): PgliteQueries {
  const prepared = new Map<string, Prepared>();

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const known = prepared.get(text);
    if (known) {
      // Map order is insertion order: re-inserting marks it most recently used.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    const name = `shop_${(nextName++).toString(36)}`;
    const described = await pglite.execProtocol(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described.messages) };
    prepared.set(text, statement);
    if (prepared.size > capacity) {
      const [oldestText, oldest] = prepared.entries().next().value as [string, Prepared];
      prepared.delete(oldestText);
      await pglite.execProtocol(
        concat([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]),
        { syncToFs: false },
      );
    }
    return statement;
  }

  /** Runs under PGlite's query lock; the caller holds the transaction lock or is a transaction. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      const statement = await prepare(text, options);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.parameterTypes[index] ?? 0;
        const serialize = options?.serializers?.[type] ?? pglite.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      // One call into Postgres: Sync in the same buffer ends the exchange even after an error.
      const result = await pglite.execProtocol(
        concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      return parse.parseResults(result.messages, pglite.parsers, options)[0] as Results<T>;
    } catch (error) {
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  }

  const usesPlainPath = (params: unknown[] | undefined, options: QueryOptions | undefined) =>
    !params?.length || options?.blob !== undefined;

  return {
    async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      if (usesPlainPath(params, options)) return pglite.query<T>(text, params, options);
      await pglite.waitReady;
      const result = await pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => run<T>(text, params as unknown[], options)),
      );
      await pglite.syncToFs();
      return result;
    },
    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) =>
        callback({
          ...tx,
          get closed() {
            return tx.closed;
          },
          async query<R>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> {
            if (usesPlainPath(params, options) || tx.closed) return tx.query<R>(text, params, options);
            return pglite._runExclusiveQuery(() => run<R>(text, params as unknown[], options));
          },
        }),
      );
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
