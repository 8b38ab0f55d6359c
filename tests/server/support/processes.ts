/**
 * Real server processes on a real PostgreSQL (TEST_DATABASE_URL), for the tests that run Cannery
 * as an operator does: each test file gets empty databases of its own on the test cluster and
 * drops them afterwards; servers are `server/entry/node.ts` (or any command) in child processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/** Runs `work` on a connection to `url`, then closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Empty databases on the cluster of `baseUrl`, each named `<prefix>_<random>`; `dropAll` removes them. */
export function scratchDatabases(baseUrl: string, prefix: string) {
  const created: string[] = [];
  return {
    async create(): Promise<string> {
      const name = `${prefix}_${randomBytes(4).toString('hex')}`;
      await withClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      created.push(name);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropAll(): Promise<void> {
      await withClient(baseUrl, async (client) => {
        for (const name of created.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment of a child: PATH and HOME of the runner, nothing else of its settings, plus `extra`. */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** The last 16 KB the process printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const KEEP_OUTPUT = 16_384;

/** Server processes started and not yet ended: `killStarted` ends them (a test file's afterAll). */
const alive = new Set<ChildProcess>();

/** Kills (SIGKILL) every server process started here that is still running, listening or not. */
export function killStarted(): void {
  for (const child of alive) child.kill('SIGKILL');
}

/**
 * Starts `command` (default: `node --import tsx server/entry/node.ts`) in the repository; resolves once
 * the server logs that it listens on HTTP, rejects if the process exits first.
 */
export function startServerProcess(env: NodeJS.ProcessEnv, command: string[] = [process.execPath, '--import', 'tsx', 'server/entry/node.ts']): Promise<ServerProcess> {
  return new Promise((done, fail) => {
    const [program, ...args] = command;
    const child = spawn(program === 'node' ? process.execPath : program!, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    alive.add(child);
    let output = '';
    let listening = false;
    const exited = new Promise<number | null>((ended) =>
      child.on('exit', (code) => {
        alive.delete(child);
        ended(code);
      }),
    );
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEEP_OUTPUT);
      const match = listening ? null : /"port":(\d+)[^\n]*Cannery listening on http:/.exec(output);
      if (match) {
        listening = true;
        done({ port: Number(match[1]), child, output: () => output, exited });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', fail);
    void exited.then((code) => {
      if (!listening) fail(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs `command` to its end, in the repository unless `cwd` names another folder. */
export function runToEnd(command: string[], env: NodeJS.ProcessEnv, cwd = REPO_ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const [program, ...args] = command;
    const child = spawn(program === 'node' ? process.execPath : program!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

/**
 * Starts `server/entry/node.ts` in development mode on the database at `url`, over HTTP on a free
 * loopback port, with `settings` added (CANNERY_SEED, CANNERY_POOL_DATA_KEY, ...).
 */
export async function startCannery(url: string, settings: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess(
    childEnvironment({
      CANNERY_DATABASE_URL: url,
      CANNERY_PORT: String(await freePort()),
      CANNERY_HTTPS_PORT: '0',
      // The start is recognised by its "listening" line, logged at info.
      CANNERY_LOG_LEVEL: 'info',
      CANNERY_PUBLIC_ORIGIN: 'https://cannery.test',
      CANNERY_ALLOWED_HOSTS: '127.0.0.1',
      ...settings,
    }),
  );
}
