/**
 * Inviting many people from a CSV file (`POST .../members/import`): columns `email`, `name` and
 * `teams` (team names separated by `;`, as the Teams page shows them), a header line first. Every
 * row is checked before anyone is invited: a file with any bad row invites nobody (422 with the
 * report), and `?dryRun=true` only checks. Members of the account are left as they are; anyone
 * else, people of other accounts included, is invited. Rows are invited one after another; should
 * the pool fail half-way, the people invited so far stay invited, and importing the file again
 * skips them.
 */
import Papa from 'papaparse';
import { and, eq, sql } from 'drizzle-orm';
import { teams, users } from '../db/schema';
import { ApiProblem } from '../errors';
import { MEMBER_IMPORT_LIMITS, memberEmail, memberName, type MemberImportReport, type MemberImportRow } from '../../src/api/contract/people';
import { manageableTeams } from './access';
import type { PeopleContext } from './members';
import { assertInvitationBudget, assertMailSent, inviteMember } from './inviting';

interface CheckedRow extends MemberImportRow {
  teamIds: string[];
}

function parseFile(text: string): Array<{ line: number; cells: Record<string, string> }> {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  if (!columns.includes('email')) {
    throw new ApiProblem(400, 'invalid_file', 'The file needs a header line with an email column (and optionally name and teams).');
  }
  const unknown = columns.filter((column) => !['email', 'name', 'teams'].includes(column));
  if (unknown.length > 0) throw new ApiProblem(400, 'invalid_file', `The file has columns Cannery does not know: ${unknown.join(', ')}. Use email, name and teams.`);
  if (parsed.data.length > MEMBER_IMPORT_LIMITS.rows) {
    throw new ApiProblem(400, 'invalid_file', `A file can invite at most ${MEMBER_IMPORT_LIMITS.rows.toLocaleString('en-US')} people at a time.`);
  }
  // Papaparse reports the record's index; with one header line and one line per record, line = index + 2.
  return parsed.data.map((cells, index) => ({ line: index + 2, cells }));
}

export async function importMembers(context: PeopleContext, text: string, dryRun: boolean): Promise<MemberImportReport> {
  const { db, caller } = context;
  // Everyone in a file gets a password sign-in, which starts from mail.
  assertMailSent(context);
  const records = parseFile(text);
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, archivedAt: teams.archivedAt })
    .from(teams)
    .where(eq(teams.accountId, caller.accountId));
  const byName = new Map(teamRows.filter((team) => !team.archivedAt).map((team) => [team.name.trim().toLowerCase(), team.id]));
  const reach = manageableTeams(caller);
  const seen = new Set<string>();
  const rows: CheckedRow[] = [];
  for (const { line, cells } of records) {
    const rawEmail = (cells.email ?? '').trim();
    const teamNames = (cells.teams ?? '').split(';').map((name) => name.trim()).filter(Boolean);
    const row: CheckedRow = { line, email: rawEmail, name: null, teams: teamNames, outcome: 'invite', message: null, teamIds: [] };
    const fail = (message: string) => rows.push({ ...row, outcome: 'error', message });
    const email = memberEmail.safeParse(rawEmail);
    if (!email.success) {
      fail(rawEmail === '' ? 'The email is missing.' : 'The email is not an email address.');
      continue;
    }
    row.email = email.data;
    const name = memberName.safeParse(cells.name ?? '');
    if (!name.success) {
      fail('The name must be one line of at most 200 characters.');
      continue;
    }
    row.name = name.data || null;
    if (seen.has(email.data)) {
      fail('This email is on an earlier line of the file too.');
      continue;
    }
    seen.add(email.data);
    const unknownTeams = teamNames.filter((teamName) => !byName.has(teamName.toLowerCase()));
    if (unknownTeams.length > 0) {
      fail(`${unknownTeams.join(', ')}: no team of this account has ${unknownTeams.length === 1 ? 'this name' : 'these names'}.`);
      continue;
    }
    row.teamIds = [...new Set(teamNames.map((teamName) => byName.get(teamName.toLowerCase())!))];
    if (reach && (row.teamIds.length === 0 || row.teamIds.some((id) => !reach.has(id)))) {
      fail('Team admins can invite people into the teams they administer only: name one or more of them.');
      continue;
    }
    rows.push(row);
  }
  const candidates = rows.filter((row) => row.outcome === 'invite').map((row) => row.email);
  if (candidates.length > 0) {
    const existing = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(eq(users.accountId, caller.accountId), sql`lower(${users.email}) in ${candidates}`));
    const taken = new Set(existing.map((row) => row.email));
    for (const row of rows) if (row.outcome === 'invite' && taken.has(row.email)) row.outcome = 'already-member';
  }
  const hasErrors = rows.some((row) => row.outcome === 'error');
  let invited = 0;
  if (!dryRun && !hasErrors) {
    await assertInvitationBudget(context, rows.filter((row) => row.outcome === 'invite').length);
    for (const row of rows.filter((candidate) => candidate.outcome === 'invite')) {
      await inviteMember(context, { email: row.email, name: row.name ?? undefined, teams: row.teamIds, adminTeams: [], signIn: 'password', accountAdmin: false });
      invited += 1;
    }
  }
  return { dryRun, invited, rows: rows.map(({ teamIds: _teamIds, ...row }) => row) };
}
