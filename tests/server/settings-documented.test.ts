/**
 * Every environment variable the server reads is documented twice: in `.env.example` (what an
 * operator copies) and in the settings table of docs/configuration.md. Both lists are read from the files and
 * compared with the variables named in `server/`, so a new setting without its documentation, or
 * a documented one the server no longer reads, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/processes';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Variables the server reads anywhere in server/, with where: `env.NAME`, `env['NAME']`,
 * `process.env.NAME`, and a name handed to a reader together with the environment (`f(env, 'NAME')`).
 */
function variablesReadByServer(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(join(REPO_ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]|\s*,\s*['"]([A-Z][A-Z0-9_]*)['"])/g)) {
      const name = match[1] ?? match[2] ?? match[3]!;
      if (!found.has(name)) found.set(name, relative(REPO_ROOT, file));
    }
  }
  return found;
}

/** `.env.example`: names set or shown commented out (`NAME=…`, `# NAME=…`), by section heading. */
function envExample(): { server: Set<string>; composeOnly: Set<string> } {
  const server = new Set<string>();
  const composeOnly = new Set<string>();
  let section = '';
  for (const line of readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').split('\n')) {
    const heading = /^# -{3,} (.+?) -+$/.exec(line);
    if (heading) section = heading[1]!;
    const name = /^#? ?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
    if (name) (section.startsWith('Compose only') ? composeOnly : server).add(name);
  }
  return { server, composeOnly };
}

/** Names in the first column of the settings table of docs/configuration.md. */
function documentedTable(): Set<string> {
  const section = readFileSync(join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
  const names = new Set<string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const firstCell = row.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

describe('settings documentation', () => {
  const read = variablesReadByServer();

  it('finds the settings the server reads', () => {
    // A guard on the scan itself: read as `env.NAME` (server/config.ts) and as `f(env, 'NAME')` (server/mail/config.ts).
    expect([...read.keys()]).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'CANNERY_POOL_DATA_KEY', 'CANNERY_TRUSTED_PROXIES', 'CANNERY_MAIL_MAX_ATTEMPTS']));
  });

  it('.env.example lists every variable the server reads, and no other outside its compose section', () => {
    const { server } = envExample();
    const missing = [...read].filter(([name]) => !server.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'add these to .env.example').toEqual([]);
    expect([...server].filter((name) => !read.has(name)), 'the server does not read these').toEqual([]);
  });

  it("the compose-only variables of .env.example are the ones compose.yaml and the Caddyfile use", () => {
    const { composeOnly } = envExample();
    const kit = readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8') + readFileSync(join(REPO_ROOT, 'deploy/Caddyfile'), 'utf8');
    const used = new Set([...kit.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
    expect([...composeOnly].sort()).toEqual([...used].filter((name) => !read.has(name)).sort());
  });

  it('the settings table of docs/configuration.md lists every variable the server reads', () => {
    const table = documentedTable();
    const missing = [...read].filter(([name]) => !table.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'add these to the docs/configuration.md').toEqual([]);
  });
});
