/**
 * Cannery as its operators watch it, on a real PostgreSQL (TEST_DATABASE_URL): two instances on
 * one database, each with its metrics endpoint on loopback, scraped by a real Prometheus
 * (Debian's `prometheus`), which loads deploy/prometheus/alerts.yml. The test signs in, fails to
 * sign in until an account locks, reports a failed insertion, asks for a reset code whose mail
 * cannot be delivered, and then asks Prometheus's API for every metric docs/monitoring.md lists.
 * One instance also sends its traces by OTLP to a receiver on loopback.
 * Readiness is checked across a database outage (a proxy the test cuts), and liveness with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { freePort, killStarted, REPO_ROOT, scratchDatabases, startCannery, type ServerProcess } from './support/processes';
import { authorized, srpSignIn } from './support/sign-in';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_monitoring') : undefined;
const prometheusBinary = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find((path) => {
  try {
    execFileSync(path, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
if (baseUrl && !prometheusBinary && process.env.CI) throw new Error('Prometheus is not installed: apt-get install -y prometheus (.ci/run does)');
const ALERTS = resolve(REPO_ROOT, 'deploy/prometheus/alerts.yml');

const DANA = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const CLIENT_ID = 'cannery-app';

async function poolCall(base: string, operation: string, body: unknown): Promise<number> {
  const response = await fetch(`${base}/identity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

const wrongPassword = (base: string, username: string) =>
  poolCall(base, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: 'not-the-password-1A!' } });

/** A receiver of OTLP/HTTP on loopback: keeps what each path was sent. */
function otlpReceiver(): Promise<{ port: number; received: Map<string, string[]>; server: Server }> {
  const received = new Map<string, string[]>();
  const server = createHttpServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => {
      received.set(request.url ?? '', [...(received.get(request.url ?? '') ?? []), body]);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ port: (server.address() as { port: number }).port, received, server })));
}

/** A TCP proxy to PostgreSQL that the test can cut (every connection dropped, none taken) and mend. */
interface CuttableProxy {
  port: number;
  cut(): void;
  mend(): void;
  close(): void;
}

function cuttableProxy(target: URL): Promise<CuttableProxy> {
  let open = true;
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const cut = () => {
    open = false;
    for (const socket of sockets) socket.destroy();
  };
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({
        port: (server.address() as { port: number }).port,
        cut,
        mend: () => void (open = true),
        close: () => {
          cut();
          server.close();
        },
      }),
    ),
  );
}

describe.skipIf(!baseUrl || !prometheusBinary)('two instances scraped by Prometheus (PostgreSQL)', () => {
  const servers: ServerProcess[] = [];
  const metricsPorts: number[] = [];
  let prometheus: ChildProcess | undefined;
  let prometheusUrl = '';
  let receiver: Awaited<ReturnType<typeof otlpReceiver>> | undefined;
  let workDir = '';
  const url = (index: number) => `http://127.0.0.1:${servers[index]!.port}`;

  beforeAll(async () => {
    const database = await databases!.create();
    receiver = await otlpReceiver();
    // Mail goes to a port nothing listens on: every delivery fails and is tried again later.
    const smtp = `smtp://127.0.0.1:${await freePort()}`;
    for (let index = 0; index < 2; index += 1) {
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      servers.push(
        await startCannery(database, {
          CANNERY_METRICS_PORT: String(metricsPort),
          CANNERY_SMTP_URL: smtp,
          CANNERY_MAIL_POLL_SECONDS: '1',
          CANNERY_MAIL_RETRY_SECONDS: '3600',
          CANNERY_MAIL_MAX_ATTEMPTS: '3',
          ...(index === 0 ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`, OTEL_SERVICE_NAME: 'cannery-monitoring-test' } : { CANNERY_SEED: 'none' }),
        }),
      );
    }
    workDir = mkdtempSync(join(tmpdir(), 'cannery-prometheus-'));
    writeFileSync(
      join(workDir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ["${ALERTS}"]`,
        'scrape_configs:',
        '  - job_name: cannery',
        `    static_configs: [{ targets: [${metricsPorts.map((port) => `"127.0.0.1:${port}"`).join(', ')}] }]`,
      ].join('\n'),
    );
    const prometheusPort = await freePort();
    prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
    prometheus = spawn(prometheusBinary!, [`--config.file=${join(workDir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(workDir, 'data')}`, `--web.listen-address=127.0.0.1:${prometheusPort}`], { stdio: 'ignore' });
  }, 120_000);

  afterAll(async () => {
    prometheus?.kill('SIGKILL');
    killStarted();
    receiver?.server.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    await databases?.dropAll();
  });

  /** The value Prometheus gives `query` now (summed over the series it returns), or null for none. */
  async function query(promql: string): Promise<number | null> {
    const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(() => null);
    if (!response?.ok) return null;
    const body = (await response.json()) as { data: { result: Array<{ value: [number, string] }> } };
    if (body.data.result.length === 0) return null;
    return body.data.result.reduce((sum, series) => sum + Number(series.value[1]), 0);
  }

  it('serves the metrics on their own port only, never on the app port', async () => {
    expect((await fetch(`${url(0)}/api/health/ready`)).status).toBe(200);
    const scraped = await fetch(`http://127.0.0.1:${metricsPorts[0]}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE cannery_http_requests_total counter');
    for (const path of ['/metrics', '/api/metrics']) expect(await (await fetch(`${url(0)}${path}`)).text(), path).not.toContain('cannery_http_requests_total');
  });

  it('lets Prometheus scrape both instances and load the alert rules', async () => {
    await expect.poll(() => query('sum(up{job="cannery"})'), { timeout: 30_000, interval: 500 }).toBe(2);
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: unknown[] }> } };
    expect(rules.data.groups.flatMap((group) => group.rules).length).toBeGreaterThanOrEqual(10);
  });

  it('counts requests, sign-ins and their failures, a lockout, a failed insertion and stuck mail, as Prometheus reads them', async () => {
    // A sign-in on each instance, then the API used with it.
    const token = await srpSignIn(url(0), DANA.email, DEMO_PASSWORD);
    await srpSignIn(url(1), DANA.email, DEMO_PASSWORD);
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${url(1)}/api/accounts/${DEMO_ACCOUNT.id}/autoresponses`, authorized(token))).status).toBe(200);
    // Wrong passwords for a name nobody has, until it locks (the pool's limit is five).
    for (let i = 0; i < 6; i += 1) expect(await wrongPassword(url(i % 2), 'nobody-here@aldercounty.example')).toBe(400);
    // A text field the block could not go into.
    const report = await fetch(`${url(0)}/api/accounts/${DEMO_ACCOUNT.id}/insertionfailures`, authorized(token, { method: 'POST', body: JSON.stringify({ host: 'text-input', editor: 'rich-text', code: 'insert-failed' }) }));
    expect(report.status).toBe(204);
    // A reset code: its mail cannot be delivered and waits in the queue.
    expect(await poolCall(url(1), 'ForgotPassword', { ClientId: CLIENT_ID, Username: DANA.email })).toBe(200);

    const poll = (promql: string) => expect.poll(() => query(promql), { timeout: 30_000, interval: 1000, message: promql });
    await poll('sum(cannery_http_requests_total{route="/api/accounts/:accountId/autoresponses", status="200"})').toBeGreaterThanOrEqual(3);
    await poll('count(cannery_http_request_duration_seconds_bucket{route="/api/accounts/:accountId/autoresponses"}) > 0').toBeGreaterThan(0);
    await poll('sum(cannery_sign_ins_total{method="password", outcome="success"})').toBe(2);
    await poll('sum(cannery_sign_ins_total{outcome="failure", reason="NotAuthorizedException"})').toBeGreaterThanOrEqual(5);
    await poll('sum(cannery_sign_ins_total{outcome="failure", reason="locked_out"})').toBeGreaterThanOrEqual(1);
    await poll('sum(cannery_lockouts_total)').toBe(1);
    await poll('sum(cannery_insertion_failures_total{host="text-input", editor="rich-text", code="insert-failed"})').toBe(1);
    await poll('sum(cannery_mail_deliveries_total{outcome="retried"})').toBeGreaterThanOrEqual(1);
    // The queue is the database's: both instances say the same; its oldest message grows older.
    await poll('min(cannery_mail_queue_depth)').toBeGreaterThanOrEqual(1);
    await poll('count(cannery_mail_queue_depth >= 1)').toBe(2);
    await poll('max(cannery_mail_queue_oldest_age_seconds)').toBeGreaterThan(1);
    await poll('sum(cannery_db_query_duration_seconds_count{outcome="ok"})').toBeGreaterThan(10);
    await poll('sum(cannery_db_pool_connections{state="total"})').toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('sends the traces of the instance with an OTLP endpoint to it, named by route', async () => {
    const traces = () => (receiver!.received.get('/v1/traces') ?? []).join('\n');
    await expect.poll(traces, { timeout: 30_000, interval: 1000 }).toContain('/api/accounts/:accountId/insertionfailures');
    expect(traces()).toContain('cannery-monitoring-test');
    expect(traces()).toContain('db.query');
  });
});

describe.skipIf(!baseUrl)('readiness and liveness across a database outage (PostgreSQL)', () => {
  let proxy: Awaited<ReturnType<typeof cuttableProxy>> | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    killStarted();
    proxy?.close();
    await databases?.dropAll();
  });

  it('fails readiness while the database is away and passes again once it is back, without a restart; liveness passes throughout', async () => {
    const database = new URL(await databases!.create());
    proxy = await cuttableProxy(database);
    const viaProxy = new URL(database);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startCannery(viaProxy.toString(), { CANNERY_SEED: 'none' });
    const base = `http://127.0.0.1:${server.port}`;
    const status = async (path: string) => (await fetch(`${base}${path}`)).status;
    expect(await status('/api/health/ready')).toBe(200);
    expect(await status('/api/health/live')).toBe(200);

    proxy.cut();
    await expect.poll(() => status('/api/health/ready'), { timeout: 30_000, interval: 500 }).toBe(503);
    expect(await status('/api/health/live')).toBe(200);
    const down = (await (await fetch(`${base}/api/health/ready`)).json()) as { checks: Record<string, boolean> };
    expect(down.checks).toMatchObject({ database: false, stopping: false });

    proxy.mend();
    await expect.poll(() => status('/api/health/ready'), { timeout: 30_000, interval: 500 }).toBe(200);
    expect(await status('/api/health/live')).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);

  it('on SIGTERM, fails readiness first, then stops taking requests and exits', async () => {
    const database = await databases!.create();
    const stopping = await startCannery(database, { CANNERY_SEED: 'none', CANNERY_SHUTDOWN_GRACE_SECONDS: '3' });
    const base = `http://127.0.0.1:${stopping.port}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    stopping.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status, { timeout: 5_000, interval: 100 }).toBe(503);
    // Still answering while load balancers notice: a request in the grace period is served.
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect(await stopping.exited).toBe(0);
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  }, 60_000);
});
