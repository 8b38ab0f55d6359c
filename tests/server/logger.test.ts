import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, safeError, scrubLogText } from '../../server/logger';
import { testDatabase } from './support/database';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger('debug', stream), text: () => lines.join('') };
}

const ADDRESS = 'donna.q.voter@example.org';

describe('the log keeps no personal data', () => {
  it('writes a failed query as its kind and SQLSTATE, without the query, its parameters or the message', async () => {
    const { db } = await testDatabase();
    // The database refuses a NUL in text: the error quotes the query and carries its parameters.
    const error = await db.execute(sql`select ${`${ADDRESS}\u0000`}::text as value`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    const { logger, text } = capture();
    logger.error({ err: error, route: '/api/x' }, 'request failed');
    const line = text();
    expect(line).not.toContain('donna');
    expect(line).not.toContain('select');
    expect(JSON.parse(line)).toMatchObject({ err: { type: expect.any(String) as string }, route: '/api/x' });
  });

  it('keeps an ordinary message, with addresses and tokens taken out', () => {
    const token = `eyJhbGciOiJSUzI1NiJ9.${'a'.repeat(40)}.${'b'.repeat(40)}`;
    const safe = safeError(new TypeError(`Cannot read ${ADDRESS} with ${token}`));
    expect(safe.type).toBe('TypeError');
    expect(safe.message).toBe('Cannot read [address] with [token]');
    expect(safe.stack).toMatch(/^at .*logger.test.ts/);
    expect(safe.stack).not.toContain('Cannot read');
  });

  it('keeps Node and PostgreSQL codes and the kind of a cause', () => {
    const cause = Object.assign(new Error('invalid byte sequence'), { code: '22021', severity: 'ERROR' });
    const wrapped = new Error('Failed query: insert into users values ($1)\nparams: someone@example.org', { cause });
    expect(safeError(wrapped)).toMatchObject({ type: 'Error', code: '22021', cause: 'Error' });
    expect(safeError(wrapped).message).toBeUndefined();
    expect(safeError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toMatchObject({ code: 'ECONNREFUSED' });
    expect(safeError('a thrown string')).toEqual({ type: 'string' });
  });

  it('redacts bodies, tokens, passwords and addresses logged as fields', () => {
    const { logger, text } = capture();
    logger.info({ request: { body: 'Dear clerk', token: 't0k', password: 'hunter2', email: ADDRESS } }, 'fields');
    expect(text()).not.toMatch(/Dear clerk|t0k|hunter2|donna/);
  });

  it('bounds what a message can put in the log', () => {
    expect(scrubLogText('ballot '.repeat(20_000)).length).toBe(300);
  });
});
