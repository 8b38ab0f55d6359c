import { inArray } from 'drizzle-orm';
import type { Db } from './database';
import { teams } from './schema';

/** The lists that carry a per-team version, and the `teams` column the database keeps it in. */
const VERSION_COLUMNS = {
  blocks: teams.blocksVersion,
  checklists: teams.checklistsVersion,
} as const;

export type VersionedList = keyof typeof VERSION_COLUMNS;

/**
 * Where `list` stands for each of `teamIds`, as one string of `team:version` pairs in team order.
 * The database gives a team a new version of a list on every insert, update, delete or truncate of
 * that list's rows, whoever writes them (migration 0004), and versions never repeat: the string
 * changes exactly when one of these teams' lists may have. A team that does not exist reads as
 * `-` (it holds no rows). One primary-key read of `teams`.
 */
export async function teamListVersions(db: Db, list: VersionedList, teamIds: readonly string[]): Promise<string> {
  if (teamIds.length === 0) return '';
  const rows = await db
    .select({ id: teams.id, version: VERSION_COLUMNS[list] })
    .from(teams)
    .where(inArray(teams.id, [...teamIds]));
  const versions = new Map(rows.map((row) => [row.id, row.version]));
  return [...teamIds]
    .sort()
    .map((id) => `${id}:${versions.get(id) ?? '-'}`)
    .join(',');
}
