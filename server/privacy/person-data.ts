/**
 * Everything Cannery holds about one person of an account, read from the tables the data
 * inventory ties to people (`person` of each category in data-inventory.ts), and nothing else:
 * their rows of this account, found by the columns that name them and the account's id; and the
 * rows of the deployment (their sign-in in the user pool, mail sent to them) only while the address
 * is a member of no other account, whose rows they would be as much. Credentials are never read
 * out (`withheld`). The export is JSON, or one CSV file per table in a ZIP archive.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accounts, users } from '../db/schema';
import { actorOfCaller, recordAudit } from '../library/audit';
import { csvLine } from '../library/csv';
import { fileSlug } from '../library/usage';
import { notFound } from '../errors';
import { assertAccountAdmin } from '../people/access';
import type { PeopleContext } from '../people/members';
import type { PersonDataExport, PersonDataFormat } from '../../src/api/contract/retention';
import { STORED, type PersonLink } from './data-inventory';
import JSZip from 'jszip';

export interface PersonTable {
  table: string;
  /** The privacy page's heading of its category. */
  category: string;
  /** Every column of the table, as the inventory lists them. */
  columns: readonly string[];
  link: PersonLink;
}

/** The tables that hold people's rows, in the inventory's order. */
export const PERSON_TABLES: readonly PersonTable[] = STORED.flatMap((category) =>
  Object.entries(category.person ?? {}).map(([table, link]) => ({ table, category: category.title, columns: category.columns[table] ?? [], link })),
);

export type PersonRow = typeof users.$inferSelect;

/** The person as the tables name them: their member id and account, address and pool sign-in. */
export interface Person {
  id: string;
  accountId: string;
  email: string;
  cognitoSub: string | null;
}

/** Whether the address is also a member of another account: then the deployment's rows are not this account's to give or erase. */
export async function addressIsShared(db: Db, person: Person): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${person.email})`, ne(users.accountId, person.accountId)))
    .limit(1);
  return other !== undefined;
}

/**
 * The condition that selects the person's rows of `entry` through `column` (every naming column
 * when left out), or null when the table holds none of theirs to reach (no sign-in, or a shared address).
 */
export function personCondition(entry: PersonTable, person: Person, shared: boolean, column?: string): SQL | null {
  const columns = column ? [column] : Object.keys(entry.link.columns);
  const any = (value: string, lower = false) =>
    sql.join(
      columns.map((name) => (lower ? sql`lower(${sql.identifier(name)}) = lower(${value})` : sql`${sql.identifier(name)} = ${value}`)),
      sql` or `,
    );
  switch (entry.link.by) {
    case 'member':
      return sql`${sql.identifier('account_id')} = ${person.accountId} and (${any(person.id)})`;
    case 'sign-in':
      return shared || !person.cognitoSub ? null : sql`(${any(person.cognitoSub)})`;
    case 'address':
      return shared ? null : sql`(${any(person.email, true)})`;
  }
}

/** A value as JSON shows it: times in ISO 8601, the rest as the database gave it. */
const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

async function rowsOf(db: Db, entry: PersonTable, columns: readonly string[], where: SQL): Promise<Record<string, unknown>[]> {
  const list = sql.join(
    columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`select ${list} from ${sql.identifier(entry.table)} where ${where} order by 1`)) as { rows: Array<Record<string, unknown>> };
  return rows.map((row) => Object.fromEntries(columns.map((name) => [name, plain(row[name])])));
}

const NOTE =
  'Rows this server keeps outside any one account (the sign-in of its user pool, mail sent to the address) are included only when the address is a member of this account alone; otherwise the server\u2019s operator can provide them.';

/** The person of the caller's account, for an account admin; 404 for anyone not of it. */
export async function personOf(context: PeopleContext, memberId: string, what: string): Promise<PersonRow> {
  assertAccountAdmin(context.caller, what);
  const [row] = await context.db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.accountId, context.caller.accountId)))
    .limit(1);
  if (!row) throw notFound('Member');
  return row;
}

/** Everything held about the member, read now. */
export async function collectPersonData(db: Db, row: PersonRow, now: Date): Promise<PersonDataExport> {
  const person: Person = { id: row.id, accountId: row.accountId, email: row.email, cognitoSub: row.cognitoSub };
  const shared = await addressIsShared(db, person);
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, row.accountId)).limit(1);
  const tables = [];
  for (const entry of PERSON_TABLES) {
    const withheld = entry.link.withheld ?? [];
    const columns = entry.columns.filter((name) => !withheld.includes(name));
    const where = personCondition(entry, person, shared);
    tables.push({ table: entry.table, category: entry.category, columns: [...columns], withheld: [...withheld], rows: where ? await rowsOf(db, entry, columns, where) : [] });
  }
  return {
    person: { _id: row.id, email: row.email, name: row.name },
    account: { _id: row.accountId, name: account?.name ?? '' },
    exportedAt: now.toISOString(),
    note: NOTE,
    tables,
  };
}

/** A cell of the CSV files: empty for null, lists and objects as JSON. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}


/** The export as a ZIP of one CSV per table (the same cells as every CSV of the admin API) and a README. */
export async function personDataZip(data: PersonDataExport): Promise<Uint8Array<ArrayBuffer>> {
  const at = new Date(data.exportedAt);
  const readme = [
    `Everything Cannery holds about ${data.person.email} in ${data.account.name}, exported ${data.exportedAt}.`,
    'One CSV file per table (UTF-8, with the columns in the first row); an empty file means the table holds nothing of theirs.',
    data.note,
    '',
    ...data.tables.map((table) => `${table.table}.csv: ${table.category}, ${table.rows.length === 1 ? '1 row' : `${table.rows.length} rows`}${table.withheld.length ? `; left out (credentials): ${table.withheld.join(', ')}` : ''}`),
    '',
  ].join('\r\n');
  // Dated when the export was made, deflated; names are UTF-8.
  const zip = new JSZip();
  zip.file('README.txt', readme, { date: at });
  for (const table of data.tables) {
    zip.file(`${table.table}.csv`, `\uFEFF${csvLine(table.columns)}${table.rows.map((row) => csvLine(table.columns.map((name) => cellOf(row[name])))).join('')}`, { date: at });
  }
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

/** The member's data as a file in `format`, with its audit event; returns the file. */
export async function exportPersonData(context: PeopleContext, memberId: string, format: PersonDataFormat): Promise<{ body: string | Uint8Array<ArrayBuffer>; filename: string; type: string }> {
  const row = await personOf(context, memberId, 'export a person’s data');
  const now = context.now();
  const data = await collectPersonData(context.db, row, now);
  await recordAudit(context.db, {
    accountId: context.caller.accountId,
    teamId: null,
    actor: actorOfCaller(context.caller),
    action: 'member.exported',
    entityKind: 'member',
    entityId: row.id,
    changes: { format },
    at: now,
  });
  const base = `${fileSlug(row.name ?? row.email.split('@')[0] ?? 'person')}-data-${data.exportedAt.slice(0, 10)}`;
  if (format === 'csv') return { body: await personDataZip(data), filename: `${base}.zip`, type: 'application/zip' };
  return { body: `${JSON.stringify(data, null, 2)}\n`, filename: `${base}.json`, type: 'application/json; charset=utf-8' };
}
