import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { contract } from './contract';

/**
 * Health for load balancers and orchestrators (docs/monitoring.md):
 * - `GET /api/health/live`: 200 while the process answers at all; restarting it is the only cure
 *   for a failure here. It reads nothing else, so a database outage never restarts every instance.
 * - `GET /api/health/ready`: 200 when this instance should get requests: the database answers,
 *   every migration of this code is applied, and the instance is not stopping; 503 otherwise,
 *   and 200 again once that passes, without a restart.
 * - `GET /api/health`: readiness, under the address older deployments check.
 */
export function healthRoutes() {
  const live = contract({ summary: 'Liveness: the process answers', plain: true, responses: { '200': { description: 'Alive' } } });
  const ready = contract({
    summary: 'Readiness: the database answers, its migrations are applied, the instance is not stopping',
    plain: true,
    responses: { '200': { description: 'Ready' }, '503': { description: 'Not ready: database down, migrations missing, or stopping' } },
  });
  const legacy = contract({
    summary: 'Readiness (the address older deployments check)',
    plain: true,
    responses: { '200': { description: 'Ready' }, '503': { description: 'Not ready' } },
  });
  const readiness = async (c: Context<AppEnv>) => {
    const { database, draining } = c.var.services;
    const up = await database.ping();
    const migrated = up && (await database.migrationsCurrent());
    const stopping = draining?.() ?? false;
    const ok = up && migrated && !stopping;
    return c.json({ ok, database: database.kind, checks: { database: up, migrations: migrated, stopping } }, ok ? 200 : 503);
  };
  return new Hono<AppEnv>()
    .get('/live', live, (c) => c.json({ ok: true }))
    .get('/ready', ready, (c) => readiness(c))
    .get('/', legacy, (c) => readiness(c));
}
