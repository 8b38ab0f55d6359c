/**
 * API load: `GET .../autoresponses` for a user in 2 of 10 teams of an account with 5,000 blocks
 * (1,000 blocks per answer), 50 connections on loopback, on PGlite and, when PostgreSQL is
 * installed, on a private PostgreSQL cluster. The 304 path sends the list's ETag back.
 * The baseline, measured in the same run, is `GET /api/health` (no token, no query).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { BenchRow, BenchSuite, BenchTable } from './report';
import { progress, round3 } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);

interface Load {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, timeout: 30 });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: round3(result.latency.p50),
    p99_ms: round3(result.latency.p99),
    requests: result.requests.total,
    errors: result.errors + result.non2xx - (headers['If-None-Match'] ? result['3xx'] ?? 0 : 0),
  };
}

async function startServer(databaseUrl?: string): Promise<{ child: ChildProcess; port: number; token: string; path: string; blocks: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/api-server.ts'), ...(databaseUrl ? [databaseUrl] : [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    if (line.startsWith('{')) return { child, ...(JSON.parse(line) as { port: number; token: string; path: string; blocks: number }) };
  }
  throw new Error('The benchmark server exited before it was ready.');
}

async function measure(engine: string, databaseUrl?: string) {
  progress(`api: starting the server on ${engine} and loading 5,000 blocks`);
  const server = await startServer(databaseUrl);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const auth = { Authorization: `Bearer ${server.token}` };
    const first = await fetch(base + server.path, { headers: auth });
    const etag = first.headers.get('ETag') ?? '';
    const bytes = (await first.arrayBuffer()).byteLength;
    progress(`api: ${engine} warm-up`);
    await autocannon({ url: base + server.path, connections: 10, duration: 2, headers: auth });
    progress(`api: ${engine} GET 200 x ${SECONDS}s`);
    const full = await load(base + server.path, auth);
    progress(`api: ${engine} GET 304 x ${SECONDS}s`);
    const notModified = await load(base + server.path, { ...auth, 'If-None-Match': etag });
    progress(`api: ${engine} health baseline x ${SECONDS}s`);
    const health = await load(`${base}/api/health`, {});
    return { full, notModified, health, bytes, blocks: server.blocks };
  } finally {
    server.child.kill('SIGTERM');
  }
}

function startPostgres(): { url: string; stop: () => void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'cannery-bench-pg-'));
  const started = spawnSync('bash', [join(ROOT, '.ci/postgres.sh'), 'start', dir], { encoding: 'utf8' });
  if (started.status !== 0) {
    progress(`api: PostgreSQL not available, skipping it (${started.stderr.trim()})`);
    return null;
  }
  return { url: started.stdout.trim(), stop: () => void spawnSync('bash', [join(ROOT, '.ci/postgres.sh'), 'stop', dir]) };
}

export const apiSuite: BenchSuite = {
  name: 'api',
  async run() {
    const results: Record<string, unknown> = {};
    const tables: BenchTable[] = [];
    const engines: Array<[string, string | undefined]> = [['pglite', undefined]];
    const postgres = process.env.BENCH_SKIP_POSTGRES ? null : startPostgres();
    if (postgres) engines.push(['postgres', postgres.url]);
    try {
      for (const [engine, url] of engines) {
        const run = await measure(engine, url);
        results[engine] = {
          rps: run.full.rps,
          p50_ms: run.full.p50_ms,
          p99_ms: run.full.p99_ms,
          rps_304: run.notModified.rps,
          p50_304_ms: run.notModified.p50_ms,
          p99_304_ms: run.notModified.p99_ms,
          health_rps: run.health.rps,
          response_bytes: run.bytes,
          errors: run.full.errors + run.notModified.errors,
        };
        const row = (label: string, value: Load): BenchRow => ({
          engine: `${engine} ${label}`,
          n: value.requests,
          median_ms: value.p50_ms,
          p95_ms: null,
          ratio: `${value.rps} req/s, p99 ${value.p99_ms} ms, ${round3(run.health.rps / Math.max(value.rps, 1))}x health`,
        });
        tables.push({
          title: `API GET autoresponses on ${engine}: ${run.blocks} blocks (${Math.round(run.bytes / 1024)} KB) per answer, ${CONNECTIONS} connections, ${SECONDS} s`,
          rows: [row('health (baseline)', run.health), row('GET 200', run.full), row('GET 304 (ETag)', run.notModified)],
          notes: [`errors: ${run.full.errors + run.notModified.errors}`],
        });
      }
    } finally {
      postgres?.stop();
    }
    return { results: { api: results }, tables };
  },
};
