import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** `GET /api/health`: 200 when the server and its database take requests, 503 otherwise. */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { database } = c.var.services;
    const ok = await database.ping();
    return c.json({ ok, database: database.kind }, ok ? 200 : 503);
  });
}
