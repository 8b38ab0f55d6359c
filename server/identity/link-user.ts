/**
 * `npm run cannery -- users link --email <email> --sub <sub> [--issuer <iss>] [--replace]`: links an
 * existing Cannery user to a user of a real AWS Cognito user pool, so that their Cognito ID token
 * opens Cannery. Callers are matched by issuer and sub together (server/auth/middleware.ts), so the
 * link records both. The issuer is the pool's (`https://cognito-idp.<region>.amazonaws.com/<poolId>`);
 * left out, it is the one Cognito issuer in CANNERY_TRUSTED_ISSUERS, and with none or several the
 * command asks for it. The sub is the Cognito user's `sub` attribute (`aws cognito-idp
 * admin-get-user`). A user already linked to another sub keeps it unless `--replace` is given; a
 * sub linked to another user is refused.
 */
import { auditCommand } from '../cli/command-audit';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { TrustedIssuer } from '../auth/verifier';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { accounts, users } from '../db/schema';

export const LINK_USAGE = '  link --email <email> --sub <cognito sub> [--issuer <https://cognito-idp.<region>.amazonaws.com/<poolId>>] [--replace] [--account <accountId>]';

/** A Cognito `sub`: a UUID in practice; letters, digits and dashes are accepted. */
const SUB = /^[0-9A-Za-z-]{1,128}$/;

/** The issuer a Cognito user pool writes in its tokens. */
const COGNITO_ISSUER = /^https:\/\/cognito-idp\.[a-z]{2}(?:-[a-z]+)+-\d\.amazonaws\.com\/[a-z]{2}(?:-[a-z]+)+-\d_[0-9A-Za-z]+$/;

/** Runs `link` (the arguments after the command's name); returns the exit code. */
export async function runLinkCommand(
  db: Db,
  argv: string[],
  print: (line: string) => void,
  /** The issuers the server trusts (CANNERY_TRUSTED_ISSUERS): where the issuer comes from when `--issuer` is left out. */
  trustedIssuers: readonly TrustedIssuer[],
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: { email: { type: 'string' }, sub: { type: 'string' }, issuer: { type: 'string' }, replace: { type: 'boolean' }, account: { type: 'string' } },
    }));
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\nUsage:\n${LINK_USAGE}`);
    return 2;
  }
  if (!values.email || !values.sub) {
    print(`link needs --email and --sub.\nUsage:\n${LINK_USAGE}`);
    return 2;
  }
  if (!SUB.test(values.sub)) {
    print(`--sub must be the Cognito user's sub attribute (letters, digits and dashes, such as 3f1c2a9e-8b7d-4c6e-9a01-2b3c4d5e6f70), got "${values.sub.slice(0, 40)}".`);
    return 2;
  }
  const issuer = values.issuer ?? soleCognitoIssuer(trustedIssuers);
  if (!issuer) {
    const count = trustedIssuers.filter((candidate) => candidate.kind === 'cognito').length;
    print(
      count === 0
        ? 'No Cognito issuer is trusted (CANNERY_TRUSTED_ISSUERS): pass --issuer https://cognito-idp.<region>.amazonaws.com/<poolId>.'
        : `${count} Cognito issuers are trusted (CANNERY_TRUSTED_ISSUERS): pass --issuer to say which pool the sub belongs to.`,
    );
    return 2;
  }
  if (!COGNITO_ISSUER.test(issuer)) {
    print(`--issuer must be a Cognito user pool's issuer, https://cognito-idp.<region>.amazonaws.com/<poolId> (such as https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123xyz), got "${issuer.slice(0, 120)}".`);
    return 2;
  }
  const email = values.email.trim().toLowerCase();
  const accountId = values.account?.toLowerCase();
  const found = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), accountId ? eq(users.accountId, accountId) : undefined))
    .limit(2);
  if (found.length > 1) {
    print(`Several accounts have a Cannery user with the email ${values.email.trim()}: pass --account <id> to say which one to link.`);
    return 1;
  }
  let [user] = found;
  if (!user && values.account) {
    // The first person of a new account on a Cognito pool: the Cannery user is made here.
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, values.account.toLowerCase())).limit(1);
    if (!account) {
      print(`No account has the id ${values.account}.`);
      return 1;
    }
    [user] = await db.insert(users).values({ id: newId(), email, accountId: account.id }).returning();
  }
  if (!user) {
    print(`No Cannery user has the email ${values.email.trim()}: create the user first (the account admins' People page), or pass --account <id> to make them in that account.`);
    return 1;
  }
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.cognitoSub, values.sub)).limit(1);
  if (holder && holder.id !== user.id) {
    print(`The sub ${values.sub} is already linked to Cannery user ${holder.id}: one pool user opens one Cannery user.`);
    return 1;
  }
  if (user.cognitoSub && user.cognitoSub !== values.sub && !values.replace) {
    print(`Cannery user ${user.id} is linked to the sub ${user.cognitoSub} already. Pass --replace to link it to ${values.sub} instead.`);
    return 1;
  }
  const linked = user;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ cognitoSub: values.sub, cognitoIssuer: issuer }).where(eq(users.id, linked.id));
    await auditCommand(tx, 'users link', { action: 'member.linked', accountId: linked.accountId, kind: 'member', id: linked.id, changes: { after: { issuer } } });
  });
  print(`Linked Cannery user ${user.id} to the sub ${values.sub} of ${issuer}.`);
  if (!trustedIssuers.some((candidate) => candidate.issuer === issuer)) {
    print(`The server does not trust ${issuer} yet: add it to CANNERY_TRUSTED_ISSUERS, or this user's tokens are refused.`);
  }
  return 0;
}

function soleCognitoIssuer(trustedIssuers: readonly TrustedIssuer[]): string | undefined {
  const cognito = trustedIssuers.filter((candidate) => candidate.kind === 'cognito');
  return cognito.length === 1 ? cognito[0]!.issuer : undefined;
}
