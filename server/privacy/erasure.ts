/**
 * Erasing a person of an account (`POST .../members/{memberId}/erase`, account admins, the
 * person's address typed again): what the data inventory ties to them goes, table by table, as its
 * `person` entry says: their own rows are deleted; records kept for statistics and history (uses,
 * sessions, checklists run, classification answers, the audit log, who wrote or approved a block)
 * stay counted under one anonymous id, without their address or subs. The blocks and checklists they
 * kept right pass to a team admin first. All of it, and its audit event, is one transaction; then the
 * user pool deletes their sign-in, unless the address is still a member of another account.
 */
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { ApiProblem } from '../errors';
import { ProvisioningError } from '../identity/provisioning';
import { actorOfCaller, recordAudit } from '../library/audit';
import { handOverRecords } from '../people/hand-over';
import type { PeopleContext } from '../people/members';
import type { ErasureReport } from '../../src/api/contract/retention';
import { addressIsShared, PERSON_TABLES, personCondition, personOf, type Person } from './person-data';

/** What a kept record says instead of the person's address or sub. */
export const erasedMarker = (anonymousId: string) => `erased:${anonymousId}`;

export async function erasePerson(context: PeopleContext, memberId: string, typedEmail: string): Promise<ErasureReport> {
  const row = await personOf(context, memberId, 'erase a person’s data');
  if (typedEmail.toLowerCase() !== row.email.toLowerCase()) {
    throw new ApiProblem(400, 'confirmation_mismatch', 'email: must be the address of the person to erase, typed again to confirm.');
  }
  if (row.accountAdmin) {
    throw new ApiProblem(409, 'account_admin', 'Account admins cannot be erased: make them a member without the account admin role first.');
  }
  const person: Person = { id: row.id, accountId: row.accountId, email: row.email, cognitoSub: row.cognitoSub };
  const anonymousId = newId();
  const now = context.now();
  const deleted: Record<string, number> = {};
  const anonymised: Record<string, number> = {};
  const shared = await addressIsShared(context.db, person);
  await context.db.transaction(async (tx) => {
    // The people row is deleted last: the rows that name them are found through it first.
    const [locked] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, row.id), eq(users.accountId, row.accountId))).for('update');
    if (!locked) throw new ApiProblem(404, 'not_found', 'Member was not found.');
    await handOverRecords(tx, context, row);
    const ordered = [...PERSON_TABLES.filter((entry) => entry.table !== 'users'), ...PERSON_TABLES.filter((entry) => entry.table === 'users')];
    for (const entry of ordered) {
      for (const [column, erasure] of Object.entries(entry.link.columns)) {
        // The pool deletes the sign-in's rows itself, below.
        if (erasure.erase === 'sign-in') continue;
        const where = personCondition(entry, person, shared, column);
        if (!where) continue;
        const table = sql.identifier(entry.table);
        if (erasure.erase === 'delete') {
          const { rows } = (await tx.execute(sql`delete from ${table} where ${where} returning 1 as gone`)) as { rows: unknown[] };
          if (rows.length > 0) deleted[entry.table] = (deleted[entry.table] ?? 0) + rows.length;
          continue;
        }
        const cleared = Object.entries(erasure.clear ?? {}).map(([name, value]) => sql`${sql.identifier(name)} = ${value === 'marker' ? erasedMarker(anonymousId) : null}`);
        const set = sql.join([sql`${sql.identifier(column)} = ${anonymousId}`, ...cleared], sql`, `);
        const { rows } = (await tx.execute(sql`update ${table} set ${set} where ${where} returning 1 as kept`)) as { rows: unknown[] };
        if (rows.length > 0) anonymised[entry.table] = (anonymised[entry.table] ?? 0) + rows.length;
      }
    }
    await recordAudit(tx, {
      accountId: row.accountId,
      teamId: null,
      actor: actorOfCaller(context.caller),
      action: 'member.erased',
      entityKind: 'member',
      entityId: anonymousId,
      changes: { deleted, anonymised },
      at: now,
    });
  });
  context.mailQueued?.();
  let signInDeleted = false;
  if (!shared && row.signIn === 'password' && row.cognitoSub && context.provisioner) {
    await context.provisioner.deleteUser(row.email).catch((error: unknown) => {
      if (!(error instanceof ProvisioningError && error.reason === 'not_found')) throw error;
    });
    signInDeleted = true;
  }
  return { anonymousId, deleted, anonymised, signInDeleted };
}
