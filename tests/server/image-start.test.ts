/**
 * The container image's start, without Docker: the Dockerfile's final stage is read (its `ENV`,
 * `CMD` and `HEALTHCHECK`), and compose.yaml's `migrate` command, and both are run here exactly as
 * written against a real, empty PostgreSQL (TEST_DATABASE_URL), with the settings an operator puts
 * in `.env`. The server must come up in production mode, answer its health check, and stop
 * cleanly on SIGTERM (what `docker stop` sends).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnvironment, freePort, killStarted, REPO_ROOT, runToEnd, scratchDatabases, startServerProcess, withClient, type ServerProcess } from './support/processes';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_image') : undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  killStarted();
  await databases?.dropAll();
});

interface FinalStage {
  env: Record<string, string>;
  cmd: string[];
  healthcheck: string[];
}

/** The last stage of the Dockerfile: its ENV pairs, CMD and HEALTHCHECK CMD (exec form). */
function finalStage(dockerfile: string): FinalStage {
  // Continuation lines joined, comments dropped: one instruction per line.
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n').filter((line) => line.trim() && !line.trimStart().startsWith('#'));
  const stage = lines.slice(lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true));
  const env: Record<string, string> = {};
  let cmd: string[] | undefined;
  let healthcheck: string[] | undefined;
  for (const line of stage) {
    const [instruction = '', ...rest] = line.trim().split(/\s+/);
    const argument = line.trim().slice(instruction.length).trim();
    if (/^ENV$/i.test(instruction)) {
      for (const pair of rest) {
        const [name, ...value] = pair.split('=');
        if (!name || value.length === 0) throw new Error(`ENV must use NAME=value pairs: ${line}`);
        env[name] = value.join('=');
      }
    }
    if (/^ENTRYPOINT$/i.test(instruction)) throw new Error('the image has an ENTRYPOINT: this test runs its CMD alone');
    if (/^CMD$/i.test(instruction)) cmd = JSON.parse(argument) as string[];
    if (/^HEALTHCHECK$/i.test(instruction)) healthcheck = JSON.parse(argument.slice(argument.indexOf('CMD') + 3).trim()) as string[];
  }
  if (!cmd || !healthcheck) throw new Error('the final stage needs a CMD and a HEALTHCHECK in exec form (JSON arrays)');
  return { env, cmd, healthcheck };
}

/** The `command:` of compose.yaml's migrate service (a flow sequence of strings, i.e. JSON). */
function migrateCommand(compose: string): string[] {
  const service = compose.slice(compose.indexOf('\n  migrate:'));
  const line = /\n {4}command: (\[.*\])\n/.exec(service)?.[1];
  if (!line) throw new Error('compose.yaml has no migrate service with a command');
  return JSON.parse(line) as string[];
}

/**
 * The packages that the files reachable from `entries` import (by relative imports), each with one
 * file that imports it. Node's own modules are left out.
 */
function packagesImportedFrom(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => resolve(REPO_ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)) {
      const specifier = (match[1] ?? match[2] ?? match[3])!;
      if (specifier.startsWith('.')) {
        const base = resolve(dirname(file), specifier);
        const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((candidate) => /\.(ts|tsx|json)$/.test(candidate) && existsSync(candidate));
        if (!target) throw new Error(`${relative(REPO_ROOT, file)} imports ${specifier}, which is no file`);
        queue.push(target);
      } else if (!specifier.startsWith('node:')) {
        const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
        if (!packages.has(name)) packages.set(name, relative(REPO_ROOT, file));
      }
    }
  }
  return packages;
}

describe('the Dockerfile', () => {
  it('runs the server from its sources, in production mode, over HTTP only', () => {
    const stage = finalStage(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'));
    expect(stage.env).toMatchObject({ NODE_ENV: 'production', CANNERY_HTTPS_PORT: '0' });
    expect(stage.cmd.at(-1)).toBe('server/entry/node.ts');
  });

  it('holds every package the server and its operator commands import: the image installs dependencies only', () => {
    const stage = finalStage(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
    // What docs/self-host.md runs in the containers: the CMD, and these npm scripts.
    const scripts = ['migrate', 'user', 'mail'].map((name) => /^tsx (\S+\.ts)\b/.exec(manifest.scripts[name] ?? '')?.[1]);
    expect(scripts.every(Boolean), JSON.stringify(scripts)).toBe(true);
    const imported = packagesImportedFrom([stage.cmd.at(-1)!, ...(scripts as string[])]);
    expect(imported.size).toBeGreaterThan(5);
    const notInstalled = [...imported].filter(([name]) => !manifest.dependencies[name]).map(([name, file]) => `${name} (imported by ${file})`);
    expect(notInstalled, 'move these to "dependencies" (npm ci --omit=dev leaves them out of the image)').toEqual([]);
  });
});

describe.skipIf(!baseUrl)('the image start command on PostgreSQL', () => {
  it('migrates with compose\'s migrate command, then starts with the CMD in production mode, passes the HEALTHCHECK and stops on SIGTERM', { timeout: 120_000 }, async () => {
    const stage = finalStage(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'));
    const url = await databases!.create();
    const port = await freePort();
    // What compose.yaml and .env give the app; the address is loopback here instead of the
    // container's 0.0.0.0, so the test serves nothing beyond this machine.
    const env = childEnvironment({
      ...stage.env,
      CANNERY_HOST: '127.0.0.1',
      CANNERY_PORT: String(port),
      CANNERY_DATABASE_URL: url,
      CANNERY_PUBLIC_ORIGIN: 'https://cannery.example.org',
      CANNERY_POOL_DATA_KEY: randomBytes(32).toString('base64'),
      CANNERY_SMTP_URL: 'smtp://cannery:secret@127.0.0.1:2',
      CANNERY_MAIL_FROM: 'Cannery <no-reply@example.org>',
      CANNERY_TRUSTED_PROXIES: '1',
    });

    const migrated = await runToEnd(migrateCommand(readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8')), env);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('Migrated the PostgreSQL database');

    server = await startServerProcess(env, stage.cmd);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status, server.output()).toBe(200);
    // Production mode: nothing seeded, no demo account.
    const users = await withClient(url, (client) => client.query<{ n: string }>('select count(*) as n from identity_users'));
    expect(users.rows[0]?.n).toBe('0');
    expect(server.output()).not.toContain('seeded the demo account');

    const check = await runToEnd(stage.healthcheck, env);
    expect(check.code, check.stderr).toBe(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;

    // The health check fails once the server is gone, as Docker should see it.
    const down = await runToEnd(stage.healthcheck, env);
    expect(down.code).toBe(1);
  });
});
