import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorSerializer } from './logger';

/** What PostgreSQL answers a NUL byte or a duplicate with (pg's error: values in `detail`). */
function pgError(message: string, detail?: string) {
  return Object.assign(new Error(message), { code: '22021', severity: 'ERROR', detail });
}

describe('errorSerializer', () => {
  it("keeps a failed query's SQL and cause but never its parameters", () => {
    const error = new DrizzleQueryError(
      'insert into "addresses" ("first_name", "phone", "street") values ($1, $2, $3)',
      ['Ada', '+39 333 123 4567', 'Via\u0000Roma 12'],
      pgError('invalid byte sequence for encoding "UTF8": 0x00', 'Key (street)=(Via Roma 12) is wrong.'),
    );
    const logged = JSON.stringify(errorSerializer(error));
    for (const value of ['Ada', '+39 333', 'Roma']) expect(logged).not.toContain(value);
    expect(logged).toContain('insert into \\"addresses\\"');
    expect(logged).toContain('invalid byte sequence');
    expect(logged).toContain('22021');
  });

  it('leaves other errors as pino writes them', () => {
    const logged = errorSerializer(new TypeError('boom')) as { type: string; message: string; stack: string };
    expect(logged.type).toBe('TypeError');
    expect(logged.message).toBe('boom');
    expect(logged.stack).toContain('TypeError: boom');
  });
});
