/**
 * The account's settings (`/api/admin/accounts/{accountId}/settings`, account admins only): phone
 * flows, classification, the authenticator policy, the support address, Home's most-frequent count,
 * the languages its blocks are written in (English always first)
 * and just-in-time access for work accounts (of domains the account has proven). Saved whole,
 * audited by the names of what changed.
 */
import { eq } from 'drizzle-orm';
import { accounts } from '../db/schema';
import { ApiProblem, notFound } from '../errors';
import type { AccountSettings } from '../../src/api/contract/people';
import { actorOfCaller, recordAudit, type AuditValue } from '../library/audit';
import { assertAccountAdmin } from './access';
import { accountLanguages } from '../../src/domain/languages';
import { addClaims } from './domains';
import { assertTeamsOfAccount, type PeopleContext } from './members';

type AccountRow = typeof accounts.$inferSelect;

function toSettings(row: AccountRow): AccountSettings {
  return {
    hasPhoneFlowAccess: row.hasPhoneFlowAccess,
    emailClassificationFeature: { on: row.emailClassificationOn, teams: row.emailClassificationTeams },
    authenticatorPolicy: row.mfaPolicy,
    supportEmail: row.supportEmail,
    numMostFreqAutoResponses: row.mostFrequentCount,
    timeZone: row.timeZone,
    languages: accountLanguages(row.languages),
    workAccountAccess: { domains: row.workAccountDomains, team: row.workAccountTeam, tenants: row.workAccountTenants },
  };
}

async function accountRow(context: PeopleContext): Promise<AccountRow> {
  const [row] = await context.db.select().from(accounts).where(eq(accounts.id, context.caller.accountId)).limit(1);
  if (!row) throw notFound('Account');
  return row;
}

export async function readSettings(context: PeopleContext): Promise<AccountSettings> {
  assertAccountAdmin(context.caller, 'read the account’s settings');
  return toSettings(await accountRow(context));
}

export async function saveSettings(context: PeopleContext, settings: AccountSettings): Promise<AccountSettings> {
  const { db, caller } = context;
  assertAccountAdmin(caller, 'change the account’s settings');
  const before = await accountRow(context);
  const jitTeam = settings.workAccountAccess.team;
  await assertTeamsOfAccount(db, caller.accountId, [...settings.emailClassificationFeature.teams, ...(jitTeam ? [jitTeam] : [])]);
  const domains = [...new Set(settings.workAccountAccess.domains)];
  if (domains.length > 0 && !jitTeam) {
    throw new ApiProblem(400, 'validation_failed', 'Choose the team that work accounts of these domains join.');
  }
  const next = {
    hasPhoneFlowAccess: settings.hasPhoneFlowAccess,
    emailClassificationOn: settings.emailClassificationFeature.on,
    emailClassificationTeams: [...new Set(settings.emailClassificationFeature.teams)],
    mfaPolicy: settings.authenticatorPolicy,
    supportEmail: settings.supportEmail,
    mostFrequentCount: settings.numMostFreqAutoResponses,
    timeZone: settings.timeZone ?? before.timeZone,
    languages: settings.languages ? accountLanguages(settings.languages) : before.languages,
    workAccountDomains: domains,
    workAccountTeam: jitTeam,
    workAccountTenants: [...new Set(settings.workAccountAccess.tenants)],
  };
  const fields = (Object.keys(next) as Array<keyof typeof next>).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(before[key]));
  const now = context.now();
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx.update(accounts).set(next).where(eq(accounts.id, caller.accountId)).returning();
    // A listed domain is claimed, so its proof can start (Settings shows its DNS record).
    await addClaims(tx, caller.accountId, domains, now);
    if (fields.length > 0) {
      // Values before and after, but not the support address, which may be a person's.
      const shown = fields.filter((field) => field !== 'supportEmail');
      const values = (row: typeof next) => Object.fromEntries(shown.map((field) => [field, row[field]])) as Record<string, AuditValue>;
      const changes = { fields, before: values(before), after: values(next) };
      await recordAudit(tx, { accountId: caller.accountId, teamId: null, actor: actorOfCaller(caller), action: 'account.settings_changed', entityKind: 'account', entityId: caller.accountId, changes, at: now });
    }
    return row!;
  });
  return toSettings(saved);
}
