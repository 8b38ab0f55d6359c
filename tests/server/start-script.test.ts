/**
 * `npm start` (scripts/start.ts) and the server on a busy port: they say which port is taken and
 * exit 1, before building anything; and the extension counts as built only for the API base it
 * calls, so a start on another port rebuilds it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { busyPorts, extensionApiBase, extensionIsCurrent, recordExtensionBuild } from '../../scripts/start-checks';

const root = resolve(import.meta.dirname, '../..');
const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** Another program on a port: listens on 127.0.0.1 and answers nothing. */
function occupy(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer((socket) => socket.destroy());
    held.push(server);
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('npm start on a busy port', () => {
  it('says which port is taken and exits 1, building nothing and claiming nothing runs', { timeout: 60_000 }, async () => {
    const port = await occupy();
    const result = await run('scripts/start.ts', { CANNERY_PORT: String(port), CANNERY_HTTPS_PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`✗ Port ${port} (CANNERY_PORT) is taken: another program listens on it, perhaps a Cannery started before. Stop it, or choose another port: CANNERY_PORT=${port + 1} npm start`);
    expect(result.stdout).not.toContain('building');
    expect(result.stdout).not.toContain('Cannery is running.');
  });

  it('names a taken HTTPS port too', { timeout: 60_000 }, async () => {
    const httpsPort = await occupy();
    const result = await run('scripts/start.ts', { CANNERY_PORT: '0', CANNERY_HTTPS_PORT: String(httpsPort) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Port ${httpsPort} (CANNERY_HTTPS_PORT) is taken`);
  });

  it('finds free ports free and taken ones taken', async () => {
    const taken = await occupy();
    expect(await busyPorts('127.0.0.1', [{ name: 'CANNERY_PORT', port: taken }, { name: 'CANNERY_HTTPS_PORT', port: 0 }])).toEqual([
      `Port ${taken} (CANNERY_PORT) is taken: another program listens on it, perhaps a Cannery started before. Stop it, or choose another port: CANNERY_PORT=${taken + 1} npm start`,
    ]);
    const free = await occupy();
    await new Promise((done) => held.pop()?.close(done));
    expect(await busyPorts('127.0.0.1', [{ name: 'CANNERY_PORT', port: free }])).toEqual([]);
  });
});

describe('the server on a busy port', () => {
  it('says which port is taken and exits 1, without a stack trace', { timeout: 60_000 }, async () => {
    const port = await occupy();
    const result = await run('server/entry/node.ts', { CANNERY_PORT: String(port), CANNERY_HTTPS_PORT: '0', CANNERY_DATA_DIR: 'memory://', CANNERY_SEED: 'none' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannery did not start. Port ${port} (CANNERY_PORT) is taken: another program listens on it. Stop it, or set CANNERY_PORT to a free port.`);
    expect(result.stderr).not.toContain('EADDRINUSE');
  });
});

describe('the extension build npm start keeps', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const dir of roots) rmSync(dir, { recursive: true, force: true });
  });

  /** A project folder whose sources are older than its built extension. */
  function project(): string {
    const dir = mkdtempSync(join(tmpdir(), 'cannery-start-'));
    roots.push(dir);
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'a.ts'), 'export {};');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'src', 'a.ts'), old, old);
    utimesSync(join(dir, 'src'), old, old);
    mkdirSync(join(dir, '.output', 'chrome-mv3'), { recursive: true });
    writeFileSync(join(dir, '.output', 'chrome-mv3', 'manifest.json'), '{}');
    return dir;
  }

  it('is current only for the API base it was built against', () => {
    const dir = project();
    expect(extensionIsCurrent(dir, 'http://localhost:8787/api')).toBe(false);
    recordExtensionBuild(dir, 'http://localhost:8787/api');
    expect(extensionIsCurrent(dir, 'http://localhost:8787/api')).toBe(true);
    expect(extensionIsCurrent(dir, 'http://localhost:8788/api')).toBe(false);
  });

  it('is stale once a source changes, whatever it calls', () => {
    const dir = project();
    recordExtensionBuild(dir, 'http://localhost:8787/api');
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const changed = 1;');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'src', 'a.ts'), later, later);
    expect(extensionIsCurrent(dir, 'http://localhost:8787/api')).toBe(false);
  });

  it('calls the port the server serves, unless WXT_CANNERY_API names another base', () => {
    expect(extensionApiBase({}, 8788)).toBe('http://localhost:8788/api');
    expect(extensionApiBase({ WXT_CANNERY_API: 'https://cannery.example.org/api' }, 8788)).toBe('https://cannery.example.org/api');
  });
});
