/**
 * Pointing the clients at a deployment: `npm run manifest -- --origin …` writes both Outlook
 * manifests for that origin, which pass the offline schema checks (`npm run validate:manifest`), and
 * `npm run package:ext:for -- --origin …` builds and zips the extension calling that origin's API.
 * Both run here as an operator runs them, in child processes.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnvironment, REPO_ROOT, runToEnd } from './support/processes';

const ORIGIN = 'https://cannery.county.example';
const scratch = mkdtempSync(join(tmpdir(), 'cannery-clients-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tsx = (script: string, ...args: string[]) => runToEnd(['node', '--import', 'tsx', script, ...args], childEnvironment({}));

describe('npm run manifest', () => {
  it('writes the manifest for the origin, every URL on it, valid against Microsoft\'s schemas', async () => {
    const out = join(scratch, 'manifest.xml');
    const run = await tsx('scripts/manifest.ts', '--origin', `${ORIGIN}/`, '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`for ${ORIGIN} (valid against OfficeAppManifestV1_1`);
    const manifest = readFileSync(out, 'utf8');
    expect(manifest).not.toContain('localhost');
    expect(manifest).toContain(`<SourceLocation DefaultValue="${ORIGIN}/outlook/taskpane.html`);
    expect(manifest).toContain(`<bt:Url id="Cannery.TaskPaneUrl" DefaultValue="${ORIGIN}/outlook/taskpane.html"/>`);
    const urls = [...manifest.matchAll(/https:\/\/[^"<\s]+/g)].map((match) => match[0]).filter((url) => !url.startsWith('https://schemas.') && !/microsoft/.test(new URL(url).hostname));
    expect(urls.length).toBeGreaterThan(5);
    expect(urls.filter((url) => !url.startsWith(ORIGIN))).toEqual([]);
    // The unified manifest and its app package beside it, on the same origin.
    expect(run.stdout).toContain('(valid against the unified manifest schema v1.24)');
    const unified = readFileSync(join(scratch, 'manifest.json'), 'utf8');
    expect(unified).toContain(`"page": "${ORIGIN}/outlook/taskpane.html"`);
    expect(unified).not.toContain('localhost');
    expect(statSync(join(scratch, 'cannery-outlook-app.zip')).size).toBeGreaterThan(1000);
    // The project's own offline check agrees, on both.
    const check = await tsx('scripts/validate-manifest.ts', out, join(scratch, 'manifest.json'));
    expect(check.code, check.stderr).toBe(0);
  });

  it('refuses an origin Outlook cannot use, saying why, and writes nothing', async () => {
    const out = join(scratch, 'refused.xml');
    for (const [origin, reason] of [
      ['http://cannery.county.example', 'must use https'],
      ['https://cannery.county.example/cannery', 'must be an origin only'],
      ['cannery.county.example', 'must be an https origin'],
    ] as const) {
      const run = await tsx('scripts/manifest.ts', '--origin', origin, '--out', out);
      expect(run.code, origin).toBe(2);
      expect(run.stderr).toContain(reason);
    }
    const missing = await tsx('scripts/manifest.ts', '--out', out);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--origin is required.\nUsage: npm run manifest -- --origin https://cannery.example.org');
    expect(existsSync(out)).toBe(false);
  });
});

describe('npm run package:stores', () => {
  it('refuses an origin the stores cannot use and half a reviewer account, saying why, before building anything', async () => {
    for (const [args, reason] of [
      [['--origin', 'http://cannery.county.example'], 'must use https'],
      [['--out', scratch], '--origin is required.'],
      [['--origin', ORIGIN, '--reviewer-email', 'reviewer@county.example'], 'Give both --reviewer-email and --reviewer-password, or neither.'],
      [['--origin', ORIGIN, '--colour', 'blue'], 'Unknown argument "--colour"'],
    ] as const) {
      const run = await tsx('scripts/package-stores.ts', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(reason);
    }
  });
});

describe('npm run package:ext:for', () => {
  it('builds and zips the extension calling the origin\'s API, with no host permissions', { timeout: 180_000 }, async () => {
    const run = await runToEnd(['node', '--import', 'tsx', 'scripts/package-ext-for.ts', '--origin', ORIGIN], { ...process.env, WXT_CANNERY_API: '' });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(`the extension calls ${ORIGIN}/api`);
    const built = join(REPO_ROOT, '.output', 'chrome-mv3-deploy');
    const manifest = JSON.parse(readFileSync(join(built, 'manifest.json'), 'utf8')) as { host_permissions?: string[]; name: string };
    expect(manifest.name).toBe('Cannery');
    expect(manifest.host_permissions).toBeUndefined();
    const scripts = readdirSync(join(built, 'chunks')).map((file) => readFileSync(join(built, 'chunks', file), 'utf8'));
    expect(scripts.some((text) => text.includes(`${ORIGIN}/api`))).toBe(true);
    expect(scripts.some((text) => text.includes('http://localhost:8787/api'))).toBe(false);
    const zip = readdirSync(join(REPO_ROOT, '.output')).find((file) => file.endsWith('-chrome-deploy.zip'));
    expect(zip).toBeDefined();
    expect(statSync(join(REPO_ROOT, '.output', zip!)).size).toBeGreaterThan(100_000);
  });

  it('refuses a bad origin before building', async () => {
    const run = await tsx('scripts/package-ext-for.ts', '--origin', 'http://cannery.county.example');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('package:ext:for: --origin must use https');
  });
});
