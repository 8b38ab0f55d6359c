/**
 * What `npm start` (scripts/start.ts) checks before it builds and starts anything: whether the
 * ports it is about to serve are free, and whether each build is current, for the extension
 * including the API base it was built against (a start on another port must rebuild it).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** What the builds depend on, relative to the project root. */
export const BUILD_SOURCES = ['src', 'hosts', 'entrypoints', 'public', 'package.json', 'vite.office.config.ts', 'wxt.config.ts'];

/** Where `npm start` notes what the extension in `.output/chrome-mv3` was built against (outside the extension's folder). */
export const EXTENSION_STAMP = '.output/chrome-mv3.cannery-start.json';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether `output` exists and is newer than every source. */
export function builtAfterSources(root: string, output: string): boolean {
  const target = join(root, output);
  if (!existsSync(target)) return false;
  const sourcesTime = Math.max(...BUILD_SOURCES.map((source) => newestMtime(join(root, source))));
  return statSync(target).mtimeMs >= sourcesTime;
}

/** The API base the extension in `.output/chrome-mv3` was built against by `npm start`, if it noted one. */
export function builtExtensionApiBase(root: string): string | null {
  try {
    const stamp = JSON.parse(readFileSync(join(root, EXTENSION_STAMP), 'utf8')) as { apiBase?: unknown };
    return typeof stamp.apiBase === 'string' ? stamp.apiBase : null;
  } catch {
    return null;
  }
}

/** Whether the built extension is newer than its sources and calls `apiBase`. */
export function extensionIsCurrent(root: string, apiBase: string): boolean {
  return builtAfterSources(root, '.output/chrome-mv3/manifest.json') && builtExtensionApiBase(root) === apiBase;
}

/** Notes, after a successful build, the API base the extension now calls. */
export function recordExtensionBuild(root: string, apiBase: string): void {
  const stamp = join(root, EXTENSION_STAMP);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${JSON.stringify({ apiBase })}\n`);
}

/** The API base the extension is built against: WXT_CANNERY_API when set, else this server's HTTP port. */
export function extensionApiBase(env: NodeJS.ProcessEnv, port: number): string {
  return env.WXT_CANNERY_API || `http://localhost:${port}/api`;
}

/** Resolves with the error code when `port` cannot be listened on at `host` (`EADDRINUSE`: taken), or null when it is free. */
export function portProblem(host: string, port: number): Promise<string | null> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'unknown'));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done(null)));
  });
}

/**
 * The ports `npm start` would serve that something else holds, each as a sentence naming it and
 * what to do; empty when all are free.
 */
export async function busyPorts(host: string, ports: Array<{ name: string; port: number }>): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, port } of ports) {
    if (port === 0) continue;
    const code = await portProblem(host, port);
    if (code === 'EADDRINUSE') {
      problems.push(`Port ${port} (${name}) is taken: another program listens on it, perhaps a Cannery started before. Stop it, or choose another port: ${name}=${port + 1} npm start`);
    } else if (code) {
      problems.push(`Port ${port} (${name}) cannot be listened on at ${host} (${code}). Choose another port: ${name}=${port + 1} npm start`);
    }
  }
  return problems;
}
