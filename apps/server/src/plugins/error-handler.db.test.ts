import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorCode, messages } from '@medenglish/shared';
import { startPglite, type Database } from '../db/client.js';
import { loggerOptions } from '../modules/operations/logging.js';
import { registerErrorHandler } from './error-handler.js';

/**
 * Issue 32: what the database refuses as data (PostgreSQL's class 22, "data exception": a number
 * out of range for its column, text it cannot read as a number or a date) is the client's input,
 * answered 400 — and no log line, of a 400 or of a real 500, quotes the values sent.
 */
describe('the error handler and the database’s refusals', () => {
  let database: Database;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    // The run's migrated template loads faster than a new cluster is made.
    database = await startPglite('memory://', { template: inject('pgliteTemplate') || undefined });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = Fastify({ logger: loggerOptions('info', logStream) });
    registerErrorHandler(app);
    // The value sent, as a bound parameter, cast as a column of that type would.
    app.get('/cast/:type', async (request) => {
      const { type } = request.params as { type: 'int' | 'date' };
      const { value } = request.query as { value: string };
      const cast = type === 'int' ? sql`${value}::int` : sql`${value}::date`;
      await database.db.execute(sql`select ${cast} as v`);
      return { ok: true };
    });
    // A statement that fails for the server's own fault (42P01, undefined table), with a value bound.
    app.get('/broken', async (request) => {
      const { value } = request.query as { value: string };
      await database.db.execute(sql`select ${value}::text from no_such_table`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const SECRET = 'ninety-nine-red-balloons';

  it('answers 400 with the generic message, never 500, for a data exception, and logs its code, not the values', async () => {
    for (const [type, value, sqlState] of [
      ['int', '1000000000000', '22003'], // integer out of range
      ['int', '12abc', '22P02'], // invalid input syntax
      ['date', '99999-99-99', '22008'], // date/time field out of range
    ] as const) {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `/cast/${type}?value=${value}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: { code: ErrorCode.VALIDATION, message: messages.common.invalidRequest },
      });
      const logged = lines.join('\n');
      expect(logged).toContain(sqlState);
      // Neither the value (in the query string, the logged address aside) nor the statement.
      const withoutAddress = lines
        .map((l) => JSON.stringify({ ...JSON.parse(l), req: undefined }))
        .join('\n');
      expect(withoutAddress).not.toContain(value);
      expect(logged).not.toMatch(/select|Failed query|params/i);
    }
  });

  it('logs a real 500 by its SQL state and statement, without the values bound to it', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: `/broken?value=${SECRET}` });
    expect(res.statusCode).toBe(500);
    const entries = lines.map((l) => JSON.parse(l) as { msg?: string; err?: Record<string, unknown> });
    const entry = entries.find((e) => e.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({ sqlState: '42P01', message: 'database error 42P01' });
    expect(entry?.err?.query).toMatch(/from no_such_table/);
    expect(entry?.err?.stack).toMatch(/^\s+at /);
    const withoutAddress = entries.map((e) => JSON.stringify({ ...e, req: undefined })).join('\n');
    expect(withoutAddress).not.toContain(SECRET);
    expect(withoutAddress).not.toMatch(/params:/);
  });
});
