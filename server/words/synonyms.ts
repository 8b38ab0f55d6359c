/**
 * The account's own synonyms (`/api/admin/accounts/{accountId}/synonyms`, account admins only): a
 * word or phrase the public writes and the office's words it means, which recommendations count
 * for one another (src/domain/meaning-hints.ts). Saved whole and audited (the synonyms added and removed);
 * every save moves the account's synonyms version, which members' hints carry in their ETag.
 */
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../db/schema';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import type { AccountSynonym, AccountSynonyms } from '../../src/api/contract/meaning';
import { actorOfCaller, recordAudit } from '../library/audit';
import { assertAccountAdmin } from '../people/access';
import type { PeopleContext } from '../people/members';

/** The account's synonyms and their version; 404 for an account that does not exist. */
export async function accountSynonymsOf(db: Db, accountId: string): Promise<{ synonyms: AccountSynonym[]; version: number }> {
  const [row] = await db.select({ synonyms: accounts.synonyms, version: accounts.synonymsVersion }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw notFound('Account');
  return { synonyms: row.synonyms.map(({ phrase, means }) => ({ phrase, means })), version: row.version };
}

export async function readSynonyms(context: PeopleContext): Promise<AccountSynonyms> {
  assertAccountAdmin(context.caller, 'read the account’s synonyms');
  const { synonyms } = await accountSynonymsOf(context.db, context.caller.accountId);
  return { synonyms };
}

const lines = (synonyms: readonly AccountSynonym[]) => synonyms.map(({ phrase, means }) => `${phrase} = ${means}`);

export async function saveSynonyms(context: PeopleContext, input: AccountSynonyms): Promise<AccountSynonyms> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'change the account’s synonyms');
  const before = await accountSynonymsOf(db, caller.accountId);
  const next = input.synonyms.map(({ phrase, means }) => ({ phrase, means }));
  const same = next.length === before.synonyms.length && next.every((synonym, i) => synonym.phrase === before.synonyms[i]?.phrase && synonym.means === before.synonyms[i]?.means);
  if (same) return { synonyms: next };
  const now = context.now();
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ synonyms: next, synonymsVersion: sql`nextval('list_version_seq')` })
      .where(eq(accounts.id, caller.accountId))
      .returning({ synonyms: accounts.synonyms });
    await recordAudit(tx, {
      accountId: caller.accountId,
      teamId: null,
      actor: actorOfCaller(caller),
      action: 'account.synonyms_changed',
      entityKind: 'account',
      entityId: caller.accountId,
      // Each synonym as "phrase = means": the words of the office, never a person's.
      changes: { fields: ['synonyms'], before: { synonyms: lines(before.synonyms).filter((line) => !lines(next).includes(line)) }, after: { synonyms: lines(next).filter((line) => !lines(before.synonyms).includes(line)) } },
      at: now,
    });
    return row!;
  });
  return { synonyms: saved.synonyms.map(({ phrase, means }) => ({ phrase, means })) };
}
