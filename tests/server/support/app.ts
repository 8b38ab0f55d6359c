import { pino } from 'pino';
import { createApp } from '../../../server/app';
import type { Database } from '../../../server/db/database';
import type { Hono } from 'hono';
import type { AppEnv } from '../../../server/app-env';

/** The server app over the test database, without web assets; call it with `app.request()`. */
export function makeTestApp(database: Database, options: { web?: Hono<AppEnv> } = {}) {
  return createApp({ services: { database, logger: pino({ level: 'silent' }) }, ...options });
}
