import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite, type Database } from './client';
import { withPreparedStatements } from './pglite-statements';

// A real in-memory PGlite: what is asserted is what Postgres itself reports.
let pglite: PGlite;
let database: Database;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table fans (id serial primary key, email text unique not null, born date, seen timestamptz, prefs jsonb);
    insert into fans (email, born, seen, prefs) values ('ada@example.org', '1990-05-01', '2026-11-29T10:00:00Z', '{"lang":"it"}');`);
  database = wrapPglite(pglite);
}, 30_000);

afterAll(async () => {
  await pglite?.close();
});

/** ShopDb's `execute` is typed for both drivers (unknown); both answer `{ rows }`. */
const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: unknown[] }).rows;

const preparedTexts = async () =>
  (await pglite.query<{ statement: string }>(`select statement from pg_prepared_statements`)).rows.map((row) => row.statement);

describe('the shop’s PGlite client: parameterised statements prepared once', () => {
  it('prepares a statement on its first run and reuses it after', async () => {
    const byEmail = (email: string) => database.db.execute(sql`select id, email from fans where email = ${email}`);
    await byEmail('ada@example.org');
    await byEmail('nobody@example.org');
    const [again] = await rowsOf(byEmail('ada@example.org'));
    expect(again).toEqual({ id: 1, email: 'ada@example.org' });
    expect((await preparedTexts()).filter((text) => text.includes('where email = $1'))).toHaveLength(1);
  });

  it('answers what PGlite’s own query answers, with drizzle’s parsers and PGlite’s serialisers', async () => {
    const text = `select id, email, born, seen, prefs, $2::int as n, $3::text as missing, $4::timestamptz as at
      from fans where email = $1`;
    const params = ['ada@example.org', 7, null, new Date('2026-01-02T03:04:05Z')];
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };
    const expected = await pglite.query(text, params, options);
    const client = withPreparedStatements(pglite);
    const first = await client.query(text, params, options);
    const second = await client.query(text, params, options);
    expect(first.rows).toEqual(expected.rows);
    expect(second.rows).toEqual(expected.rows);
    expect(second.fields).toEqual(expected.fields);
    expect(second.rows[0]).toContain('2026-11-29 10:00:00+00');
  });

  it('reports a constraint violation as PGlite does and stays usable after it', async () => {
    const insert = (email: string) => database.db.execute(sql`insert into fans (email) values (${email})`);
    await insert('bea@example.org');
    const violation = await insert('bea@example.org').catch((error: unknown) => error);
    expect((violation as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(await rowsOf(database.db.execute(sql`select count(*)::int as n from fans where email like ${'%@example.org'}`))).toEqual([{ n: 2 }]);
  });

  it('rolls back a transaction whose prepared statement fails, and the next one commits', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into fans (email) values (${'cleo@example.org'})`);
      await tx.execute(sql`insert into fans (email) values (${'ada@example.org'})`);
    });
    await expect(attempt).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into fans (email) values (${'cleo@example.org'})`);
    });
    expect(await rowsOf(database.db.execute(sql`select email from fans where email = ${'cleo@example.org'}`))).toEqual([{ email: 'cleo@example.org' }]);
  });

  it('keeps a query outside a transaction waiting until the transaction ends, as PGlite does', async () => {
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into fans (email) values (${'dan@example.org'})`);
      inside();
      await held;
    });
    await begun;
    const count = database.db.execute(sql`select count(*)::int as n from fans where email = ${'dan@example.org'}`);
    release();
    await transaction;
    expect(await rowsOf(count)).toEqual([{ n: 1 }]);
  });

  it('keeps at most its capacity prepared, closing the least recently used, which prepares again when used', async () => {
    const client = withPreparedStatements(pglite, 2);
    const shapes = ['select $1::int + 1 as n', 'select $1::int + 2 as n', 'select $1::int + 3 as n'];
    for (const text of shapes) await client.query(text, [1]);
    const prepared = await preparedTexts();
    expect(prepared).not.toContain(shapes[0]);
    expect(prepared).toEqual(expect.arrayContaining([shapes[1], shapes[2]]));
    expect((await client.query<{ n: number }>(shapes[0]!, [1])).rows).toEqual([{ n: 2 }]);
  });

  it('still plans again after the table changes under a prepared statement', async () => {
    const read = () => database.db.execute(sql`select email from fans where id = ${1}`);
    await read();
    await pglite.exec(`alter table fans add column nickname text`);
    expect(await rowsOf(read())).toEqual([{ email: 'ada@example.org' }]);
  });
});
