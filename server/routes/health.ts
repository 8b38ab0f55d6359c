import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { contract } from './contract';

/** `GET /api/health`: 200 when the server and its database take requests, 503 otherwise. */
export function healthRoutes() {
  const health = contract({
    summary: 'Liveness and database check',
    plain: true,
    responses: { '200': { description: 'Ready' }, '503': { description: 'Database down' } },
  });
  return new Hono<AppEnv>().get('/', health, async (c) => {
    const { database } = c.var.services;
    const ok = await database.ping();
    return c.json({ ok, database: database.kind }, ok ? 200 : 503);
  });
}
