import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';

/** Who is changing which team's library. */
export interface AdminActor {
  userId: string;
  accountId: string;
  teamId: string;
  /** Where the change came from, for the audit log. */
  address: string;
  /** Set when the server publishes a change at its scheduled time on behalf of `userId`. */
  via?: 'schedule';
}

/** A table of records that belong to a team of an account. */
interface TeamTable {
  id: AnyColumn;
  accountId: AnyColumn;
  teamId: AnyColumn;
}

/**
 * The rows of the actor's team (and, given `id`, that one row): a record of another team or
 * account is never found, so it cannot be read or changed through this team.
 */
export function ofActorTeam(table: TeamTable, actor: AdminActor, id?: string): SQL {
  const team = [eq(table.accountId, actor.accountId), eq(table.teamId, actor.teamId)];
  return and(...(id === undefined ? team : [eq(table.id, id), ...team]))!;
}
