/**
 * The audit events of the operator's command line (`via: cli`): no person and no address, the
 * command named in `changes.command`. A change to a person is filed under their account when they
 * have a Cannery user, else under the deployment's pool (account null), naming nobody.
 */
import { eq } from 'drizzle-orm';
import type { AuditAction, AuditEntityKind } from '../../src/api/contract/audit';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { CLI_ACTOR, recordAudit, type AuditChanges } from '../library/audit';

export interface CommandEvent {
  action: AuditAction;
  accountId: string | null;
  kind: AuditEntityKind;
  id: string;
  changes?: AuditChanges;
}

export async function auditCommand(db: Db, command: string, event: CommandEvent, at: Date = new Date()): Promise<void> {
  await recordAudit(db, {
    accountId: event.accountId,
    teamId: null,
    actor: CLI_ACTOR,
    action: event.action,
    entityKind: event.kind,
    entityId: event.id,
    changes: { ...event.changes, command },
    at,
  });
}

/** The event's subject for a pool user: their Cannery user (by `cognito_sub`), or the pool. */
export async function subjectOfPoolUser(db: Db, poolId: string, sub: string): Promise<Pick<CommandEvent, 'accountId' | 'kind' | 'id'>> {
  const [member] = await db.select({ id: users.id, accountId: users.accountId }).from(users).where(eq(users.cognitoSub, sub)).limit(1);
  return member ? { accountId: member.accountId, kind: 'member', id: member.id } : { accountId: null, kind: 'pool', id: poolId };
}
