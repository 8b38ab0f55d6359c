/**
 * What the admin API's team routes share: who is acting for which team, the record id of the
 * path, and the answer for a record that carries a version (its ETag, and its Location when new).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { teamOf } from '../../library/access';
import type { AdminActor } from '../../library/block-writes';
import { versionEtag } from '../../library/preconditions';
import { notFound } from '../../errors';

export type AdminContext = Context<AppEnv>;

/** The signed-in admin, acting for the team of the path. */
export const actorOf = (c: AdminContext): AdminActor => ({ userId: c.var.caller.id, accountId: c.var.caller.accountId, teamId: teamOf(c), address: c.var.caller.address });

/** The id in the path parameter `param`; one that cannot be an id names no record (404 naming `what`). */
export function pathIdOf(c: AdminContext, param: string, what: string): string {
  const id = c.req.param(param) ?? '';
  if (!/^[0-9a-f]{24}$/i.test(id)) throw notFound(what);
  return id.toLowerCase();
}

/** A block's or checklist's lifecycle as the admin API shows it. */
export function lifecycleOf(row: { version: number; deletedAt: Date | null; createdAt: Date; updatedAt: Date }) {
  return {
    version: row.version,
    deleted: row.deletedAt !== null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `body` (the record as the API shows it) with its version as ETag, never cached; `status` 201
 * adds the new record's Location under the team's `collection`.
 */
export function answerVersioned(
  c: AdminContext,
  row: { id: string; accountId: string; teamId: string; version: number },
  body: object,
  collection: 'blocks' | 'checklists',
  status: 200 | 201 = 200,
): Response {
  c.header('ETag', versionEtag(row.version));
  c.header('Cache-Control', 'private, no-store');
  if (status === 201) c.header('Location', `/api/admin/accounts/${row.accountId}/teams/${row.teamId}/${collection}/${row.id}`);
  return c.json(body, status);
}
