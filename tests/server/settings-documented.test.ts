/**
 * Every environment variable the server reads is in the settings schema (server/settings/schema.ts),
 * and docs/configuration.md and `.env.example` are what scripts/settings-docs.ts writes from it: a
 * setting read outside the schema, or a documentation file edited by hand or left stale, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/settings/schema';
import { loadSettings, OLD_NAMES, readSetting, renamedSettings } from '../../server/settings/load';
import { loadConfig } from '../../server/config';
import { loadMailConfig } from '../../server/mail/config';
import { settingsDocs, staleSettingsDocs } from '../../scripts/settings-docs';
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

describe('settings documentation', () => {
  it('finds the settings the server reads', () => {
    // A guard on the scan itself: read as `readSetting(env, 'NAME')` and as `env.NAME`.
    expect([...variablesReadByServer().keys()]).toEqual(expect.arrayContaining(['CANNERY_DATABASE_URL', 'CANNERY_PORT', 'CANNERY_POOL_DATA_KEY', 'CANNERY_MAIL_MAX_ATTEMPTS', 'CANNERY_SECRETS']));
  });

  it('every variable the server reads is in the schema', () => {
    const missing = [...variablesReadByServer()].filter(([name]) => !(name in SETTINGS)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing, 'add these to server/settings/schema.ts').toEqual([]);
  });

  it('every setting is named CANNERY_*, but those the platform sets', () => {
    expect(Object.entries(SETTINGS).filter(([name, setting]) => !name.startsWith('CANNERY_') && !('external' in setting && setting.external)).map(([name]) => name)).toEqual([]);
  });

  it('docs/configuration.md and .env.example are what npm run settings:docs writes', () => {
    expect(staleSettingsDocs(), 'run npm run settings:docs').toEqual([]);
    const docs = settingsDocs();
    for (const name of Object.keys(SETTINGS)) {
      expect(docs['docs/configuration.md'], name).toContain(`\`${name}\``);
      expect(docs['.env.example'], name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    }
  });

  it("the compose-only variables of .env.example are the ones compose.yaml and the Caddyfile use", () => {
    const composeOnly = new Set<string>();
    let section = '';
    for (const line of readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').split('\n')) {
      const heading = /^# -{3,} (.+?) -+$/.exec(line);
      if (heading) section = heading[1]!;
      const name = /^#? ?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      if (name && section.startsWith('Compose only')) composeOnly.add(name);
    }
    const kit = readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8') + readFileSync(join(REPO_ROOT, 'deploy/Caddyfile'), 'utf8');
    const used = new Set([...kit.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!));
    expect([...composeOnly].sort()).toEqual([...used].filter((name) => !(name in SETTINGS)).sort());
  });
});

describe('settings under their old names', () => {
  it('reads an old name as the new one, and lists it for the start-up warning', () => {
    expect(OLD_NAMES.get('SMTP_URL')).toBe('CANNERY_SMTP_URL');
    const env = { PORT: '9000', PUBLIC_ORIGIN: 'https://cannery.example.org', SSO_STAND_IN: '1' };
    expect(readSetting(env, 'CANNERY_PORT')).toBe(9000);
    expect(loadConfig(env).publicOrigin).toBe('https://cannery.example.org');
    expect(renamedSettings(env)).toEqual(
      expect.arrayContaining([
        { old: 'PORT', name: 'CANNERY_PORT' },
        { old: 'PUBLIC_ORIGIN', name: 'CANNERY_PUBLIC_ORIGIN' },
        { old: 'SSO_STAND_IN', name: 'CANNERY_SSO_STAND_IN' },
      ]),
    );
    expect(renamedSettings({ CANNERY_PORT: '9000' })).toEqual([]);
  });

  it('names the variable as it was set when its value is refused', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^PORT must be a port number/);
    expect(() => loadConfig({ CANNERY_PORT: 'eighty' })).toThrow(/^CANNERY_PORT must be a port number/);
    expect(() => loadMailConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/^SMTP_URL must start with smtp/);
  });

  it('refuses both names set to different values, and takes both set alike', () => {
    expect(() => loadSettings({ PORT: '9000', CANNERY_PORT: '9001' })).toThrow('PORT and CANNERY_PORT are both set, to different values: PORT is the old name of CANNERY_PORT. Remove PORT.');
    expect(loadSettings({ PORT: '9000', CANNERY_PORT: '9000' }).CANNERY_PORT).toBe(9000);
  });

  it('checks every setting at once', () => {
    expect(() => loadSettings({ CANNERY_USER_POOL: 'mine' })).toThrow(/^CANNERY_USER_POOL must be "cognito" or "built-in"/);
    expect(loadSettings({}).CANNERY_MAIL_FROM).toBe('Cannery <no-reply@localhost>');
  });
});
