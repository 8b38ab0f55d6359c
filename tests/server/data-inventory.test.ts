/**
 * The data inventory (server/privacy/data-inventory.ts) against the code: the Drizzle schema's
 * tables and columns, and every place the server and the clients open a connection. A new column
 * or a new outgoing call fails here until the inventory (and so the privacy page) describes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { OUTGOING, STORED } from '../../server/privacy/data-inventory';
import { PERSON_TABLES } from '../../server/privacy/person-data';
import config from '../../drizzle.config';

const REPO = join(import.meta.dirname, '..', '..');

/** Table name to its columns, from every schema file drizzle-kit generates migrations from. */
async function schemaColumns(): Promise<Map<string, string[]>> {
  const files = (config as { schema: string[] }).schema;
  expect(files.length).toBeGreaterThan(5);
  const tables = new Map<string, string[]>();
  for (const file of files) {
    const module = (await import(join(REPO, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const table = getTableConfig(value);
      tables.set(table.name, table.columns.map((column) => column.name));
    }
  }
  return tables;
}

/** Every `table.column` of the inventory, with how many categories name it. */
function inventoryColumns(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const category of STORED) {
    for (const [table, columns] of Object.entries(category.columns)) {
      for (const column of columns) counts.set(`${table}.${column}`, (counts.get(`${table}.${column}`) ?? 0) + 1);
    }
  }
  return counts;
}

/** A column that names a person: their member id, address or sub, under the names the schema gives them. */
const PERSON_COLUMN = /^(?:user_id|user_email|user_sub|email|to_address|cognito_sub|microsoft_sub|decided_by)$|_user_id$/;

/** The tables whose columns name a person, from `tables`. */
function tablesNamingPeople(tables: Map<string, string[]>): string[] {
  return [...tables].filter(([, columns]) => columns.some((column) => PERSON_COLUMN.test(column))).map(([table]) => table).sort();
}

/** What opens a connection, by where it runs. */
const PRIMITIVES = {
  server: [/\bfetch\(/, /createRemoteJWKSet\(/, /from 'nodemailer'/, /from 'node:dns(?:\/promises)?'/, /from '@aws-sdk\//, /from 'openid-client'/, /from '@opentelemetry\/exporter-[\w-]*otlp[\w-]*'/, /\b(?:net|tls)\.(?:connect|createConnection)\(/, /\bhttps?\.(?:request|get)\(/, /new WebSocket\(/],
  clients: [/\bfetch\(/, /globalThis\.fetch\b/, /XMLHttpRequest/, /sendBeacon\(/, /new WebSocket\(/, /new EventSource\(/, /from 'aws-amplify/, /launchWebAuthFlow/, /displayDialogAsync/, /\bwindow\.open\(/, /<script[^>]+src="https?:\/\//, /import\(\s*['"]https?:/],
} as const;
const ROOTS = { server: ['server'], clients: ['src', 'hosts', 'entrypoints'] } as const;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.(?:ts|tsx|html)$/.test(entry.name) && !/\.(?:test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files of `side` that open a connection. */
function filesWithCalls(side: 'server' | 'clients'): string[] {
  return ROOTS[side]
    .flatMap(sourceFiles)
    .filter((file) => {
      // Comments describe calls; only code makes them.
      const code = readFileSync(join(REPO, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
      return PRIMITIVES[side].some((pattern) => pattern.test(code));
    })
    .map((file) => relative(REPO, join(REPO, file)))
    .sort();
}

describe('the data inventory', () => {
  it('names every table and column of the database schema exactly once, and nothing the schema does not have', async () => {
    const schema = await schemaColumns();
    const inventory = inventoryColumns();
    const inSchema = [...schema].flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`));
    expect(inSchema.length).toBeGreaterThan(200);
    expect(inSchema.filter((column) => !inventory.has(column)), 'columns the privacy page does not describe: add them to server/privacy/data-inventory.ts').toEqual([]);
    expect([...inventory.keys()].filter((column) => !inSchema.includes(column)), 'columns the schema no longer has').toEqual([]);
    expect([...inventory].filter(([, count]) => count > 1).map(([column]) => column)).toEqual([]);
  });

  it('ties every table that names a person to people, so their export and erasure reach it', async () => {
    const schema = await schemaColumns();
    const exported = PERSON_TABLES.map((entry) => entry.table);
    const naming = tablesNamingPeople(schema);
    expect(naming.length).toBeGreaterThan(10);
    expect(naming.filter((table) => !exported.includes(table)), 'tables of people the export and erasure do not read: add a `person` entry in server/privacy/data-inventory.ts').toEqual([]);
    expect(new Set(exported).size).toBe(exported.length);
    for (const entry of PERSON_TABLES) {
      const columns = schema.get(entry.table) ?? [];
      expect(entry.columns, `${entry.table}: its category lists its columns`).toEqual(expect.arrayContaining(columns));
      const named = [...Object.keys(entry.link.columns), ...Object.values(entry.link.columns).flatMap((erasure) => Object.keys('clear' in erasure ? (erasure.clear ?? {}) : {})), ...(entry.link.withheld ?? [])];
      expect(named.filter((column) => !columns.includes(column)), `${entry.table}: columns the schema does not have`).toEqual([]);
      // A table of one account's rows is read with its account's id.
      if (entry.link.by === 'member') expect(columns, entry.table).toContain('account_id');
    }
  });

  it('fails for a new table that names a person without a `person` entry (the check is not vacuous)', async () => {
    const schema = await schemaColumns();
    schema.set('call_notes', ['id', 'account_id', 'author_user_id', 'text']);
    const exported = PERSON_TABLES.map((entry) => entry.table);
    expect(tablesNamingPeople(schema).filter((table) => !exported.includes(table))).toEqual(['call_notes']);
  });

  it.each(['server', 'clients'] as const)('covers every file of the %s that opens a connection, and lists none that does not', (side) => {
    const found = filesWithCalls(side);
    expect(found.length).toBeGreaterThan(2);
    const listed = [...new Set(OUTGOING.filter((call) => call.from === side).flatMap((call) => call.files))].sort();
    expect(found.filter((file) => !listed.includes(file)), 'outgoing calls the privacy page does not describe: add them to server/privacy/data-inventory.ts').toEqual([]);
    expect(listed.filter((file) => !found.includes(file)), 'listed files that make no outgoing call').toEqual([]);
  });

  it('fails for a new column or a new call (the check is not vacuous)', async () => {
    const schema = await schemaColumns();
    const inventory = inventoryColumns();
    schema.set('sent_auto_responses', [...(schema.get('sent_auto_responses') ?? []), 'recipient_address']);
    const uncovered = [...schema].flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`)).filter((column) => !inventory.has(column));
    expect(uncovered).toEqual(['sent_auto_responses.recipient_address']);
    expect(PRIMITIVES.clients.some((pattern) => pattern.test("navigator.sendBeacon('https://tracker.example', data)"))).toBe(true);
    expect(PRIMITIVES.server.some((pattern) => pattern.test("const response = await fetch('https://metrics.example')"))).toBe(true);
  });
});
