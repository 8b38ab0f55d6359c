import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseAllowedHosts, parseFrameAncestors } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createUserPool } from '../../server/identity/pool';
import { identityRateWindows } from '../../server/identity/schema';
import { mailQueue } from '../../server/mail/schema';
import { OFFICE_FRAME_ANCESTORS } from '../../server/http/security-headers';
import { webRoutes } from '../../server/http/web';
import { makeTestApp, TEST_ORIGIN } from './support/app';
import { testDatabase } from './support/database';
import { capturedLogger, CLIENT_ID, GOOD_PASSWORD } from './identity/support';

/**
 * The server's defences in the browser's terms: which Host names it answers (DNS rebinding), who
 * may frame which page and what the pages may load (CSP), who may call the user pool (CORS), and
 * the development outbox, which only a person at the machine may read.
 */

let database: Database;
let webRoot: string;
beforeAll(async () => {
  database = await testDatabase();
  // A stand-in for the built web app (dist/web), so these tests do not need `npm run build:web`.
  webRoot = mkdtempSync(join(tmpdir(), 'cannery-web-'));
  for (const page of ['playground/index.html', 'admin/index.html', 'outlook/taskpane.html']) {
    mkdirSync(join(webRoot, page, '..'), { recursive: true });
    writeFileSync(join(webRoot, page), `<!doctype html><title>${page}</title><div id="root"></div>`);
  }
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-abcdefgh.js'), 'console.log(1)');
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const POOL_ID = 'local_security';

function appWithEverything(options: { devOutbox?: boolean; frameAncestors?: string[] } = {}) {
  const pool = createUserPool({
    db: database.db,
    poolId: POOL_ID,
    clientId: CLIENT_ID,
    issuerBase: 'http://localhost/identity',
    devOutbox: options.devOutbox ?? true,
    corsOrigins: [TEST_ORIGIN],
    // `app.request()` has no socket: the tests name the peer address in a header of their own.
    clientIp: (c) => c.req.header('x-test-peer') ?? 'unknown',
  });
  const app = makeTestApp(database, {
    identity: pool.routes,
    web: webRoutes({ webRoot, manifestDir: join(import.meta.dirname, '../../manifest-office'), publicOrigin: 'https://localhost:8443' }),
    ssoStandIn: new Hono().get('/login', (c) => c.html('<p>stand-in</p>')),
    clientConfig: {
      userPool: { poolId: POOL_ID, clientId: CLIENT_ID, endpoint: '/identity' },
      sso: { authority: 'https://login.microsoftonline.com/tenant-id/v2.0', clientId: 'sso-client' },
    },
    ...(options.frameAncestors ? { taskPaneFrameAncestors: options.frameAncestors } : {}),
  });
  return { app, pool };
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers of each page', () => {
  it.each(['/', '/admin/'])('%s may be framed by nobody and loads scripts only from this server', async (path) => {
    const response = await appWithEverything().app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    // Fluent UI writes <style> elements at run time.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    // The work-account provider's discovery document is read from the page.
    expect(csp['connect-src']).toEqual(["'self'", 'https://login.microsoftonline.com']);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets Outlook (and the configured origins) frame the task pane, which loads Office.js from Microsoft', async () => {
    const response = await appWithEverything({ frameAncestors: ['http://outlook.e2e.test'] }).app.request('/outlook/taskpane.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(["'self'", ...OFFICE_FRAME_ANCESTORS, 'http://outlook.e2e.test']);
    expect(csp['frame-ancestors']).toEqual(expect.arrayContaining(['https://outlook.office.com', 'https://outlook.office365.com', 'https://outlook.live.com']));
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://appsforoffice.microsoft.com']));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('gives the API, the pool, files and the SSO stand-in answers that nobody may frame', async () => {
    const { app } = appWithEverything();
    for (const path of ['/api/health', '/api/nothing-here', '/identity/local_security/.well-known/jwks.json', '/assets/app-abcdefgh.js', '/manifest.xml', '/sso-stand-in/login']) {
      const response = await app.request(path, { headers: { 'x-test-peer': '127.0.0.1' } });
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(directives(response.headers.get('content-security-policy'))['frame-ancestors'], path).toEqual(["'none'"]);
    }
    const json = await app.request('/api/health');
    expect(directives(json.headers.get('content-security-policy'))['default-src']).toEqual(["'none'"]);
  });
});

describe('the Host check (DNS rebinding)', () => {
  it('answers the configured names and refuses any other with a short 421', async () => {
    const app = makeTestApp(database, { allowedHosts: ['localhost:8787', 'cannery.example.org'] });
    expect((await app.request('http://localhost:8787/api/health')).status).toBe(200);
    expect((await app.request('http://cannery.example.org:9999/api/health')).status).toBe(200);
    expect((await app.request('http://CANNERY.example.org/api/health')).status).toBe(200);
    for (const url of ['http://localhost:8788/api/health', 'http://evil.example/api/health', 'http://localhost.evil.example:8787/', 'http://cannery.example.org.evil.example/']) {
      const refused = await app.request(url);
      expect(refused.status, url).toBe(421);
      const text = await refused.text();
      expect(text).not.toContain('evil');
      expect(text.length).toBeLessThan(200);
    }
  });

  it('refuses a rebinding Host header sent to 127.0.0.1 over a real socket, hostile ones included, without a 5xx', async () => {
    const app = makeTestApp(database, { identity: appWithEverything().pool.routes });
    const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const get = (host: string, path = '/api/health') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers: { Host: host }, setHost: false }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect((await get(`127.0.0.1:${port}`)).status).toBe(200);
      expect((await get(`localhost:${port}`)).status).toBe(200);
      const rebound = await get(`evil.example:${port}`, '/identity/dev/outbox');
      expect(rebound.status).toBe(421);
      expect(rebound.body).not.toMatch(/verification code/);
      for (const host of ['evil.example', `${'a'.repeat(5000)}.example`, 'localhost@evil.example', 'localhost:abc', '[::1', ' ', 'évil.example']) {
        const answer = await get(host);
        expect(answer.status, host.slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(answer.status, host.slice(0, 40)).toBeLessThan(500);
      }
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('builds its list from the configuration: loopback names on the ports, the public origin, the bound address, CANNERY_ALLOWED_HOSTS', () => {
    const config = loadConfig({ CANNERY_PORT: '8787', CANNERY_HTTPS_PORT: '8443', CANNERY_PUBLIC_ORIGIN: 'https://cannery.example.org', CANNERY_HOST: '10.0.0.5', CANNERY_ALLOWED_HOSTS: 'Mail.Example.org, 192.168.1.9:8787' });
    expect(config.allowedHosts).toEqual(
      expect.arrayContaining([
        'localhost:8787',
        '127.0.0.1:8443',
        '[::1]:8787',
        'cannery.example.org',
        'cannery.example.org:443',
        '10.0.0.5:8787',
        'mail.example.org',
        '192.168.1.9:8787',
      ]),
    );
    expect(config.allowedHosts).not.toContain('localhost');
    expect(loadConfig({ CANNERY_HOST: '0.0.0.0' }).allowedHosts).not.toContain('0.0.0.0:8787');
  });

  it.each([
    ['a name with a path', 'cannery.example.org/admin'],
    ['a scheme', 'https://cannery.example.org'],
    ['a control character', 'cannery\u0000.example.org'],
    ['a newline', 'cannery.example.org\nX-Evil: 1'],
    ['a huge name', `${'a'.repeat(300)}.example`],
    ['a port out of range', 'cannery.example.org:70000'],
    ['a wildcard', '*.example.org'],
    ['spaces inside', 'cannery example.org'],
  ])('refuses CANNERY_ALLOWED_HOSTS with %s, with a message that names the setting', (_what, value) => {
    expect(() => parseAllowedHosts(value)).toThrow(/^CANNERY_ALLOWED_HOSTS must be host names/);
    try {
      parseAllowedHosts(value);
    } catch (error) {
      // eslint-disable-next-line no-control-regex -- checking that none is echoed
      expect((error as Error).message).not.toMatch(/[\u0000-\u001f]/);
      expect((error as Error).message.length).toBeLessThan(400);
    }
  });

  it.each([
    ['a directive smuggled in', "https://outlook.example.org; script-src 'unsafe-inline'"],
    ['a quoted keyword', "'self'"],
    ['a path', 'https://outlook.example.org/mail'],
    ['another scheme', 'javascript://x'],
    ['a control character', 'https://outlook\u0007.example.org'],
    ['a huge origin', `https://${'a'.repeat(300)}.example`],
    ['a bare star', '*'],
  ])('refuses CANNERY_FRAME_ANCESTORS with %s', (_what, value) => {
    expect(() => parseFrameAncestors(value)).toThrow(/^CANNERY_FRAME_ANCESTORS must be origins/);
  });

  it('takes origins and wildcard subdomains in CANNERY_FRAME_ANCESTORS', () => {
    expect(parseFrameAncestors(' https://Outlook.Example.org/ , https://*.example.net,http://outlook.e2e.test:8080')).toEqual([
      'https://outlook.example.org',
      'https://*.example.net',
      'http://outlook.e2e.test:8080',
    ]);
  });

  it('refuses a CANNERY_PUBLIC_ORIGIN that is not an http(s) origin', () => {
    expect(() => loadConfig({ CANNERY_PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow(/^CANNERY_PUBLIC_ORIGIN must be/);
    expect(() => loadConfig({ CANNERY_PUBLIC_ORIGIN: 'not a url' })).toThrow(/^CANNERY_PUBLIC_ORIGIN must be/);
  });
});

describe('the user pool from other origins (CORS)', () => {
  const target = { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword' };

  it("answers Cannery's own origins and no other; never with *", async () => {
    const { app } = appWithEverything();
    const own = await app.request('/identity', { method: 'POST', headers: { ...target, Origin: TEST_ORIGIN }, body: JSON.stringify({ ClientId: CLIENT_ID, Username: 'x@alder.test' }) });
    expect(own.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN);
    for (const origin of ['https://evil.example', 'null', `${TEST_ORIGIN}.evil.example`]) {
      const foreign = await app.request('/identity', { method: 'POST', headers: { ...target, Origin: origin }, body: JSON.stringify({ ClientId: CLIENT_ID, Username: 'x@alder.test' }) });
      expect(foreign.headers.get('access-control-allow-origin'), origin).toBeNull();
      const preflight = await app.request('/identity', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-amz-target' } });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});

describe('the development outbox', () => {
  /** Requests from this machine (the pool of these tests reads the peer address from `x-test-peer`). */
  const LOOPBACK = { 'x-test-peer': '127.0.0.1' };

  async function withCode() {
    const { app, pool } = appWithEverything();
    // The caps are counted in the database, shared by every pool on it: each test starts a fresh window.
    await database.db.delete(identityRateWindows);
    const email = `outbox-${Math.random().toString(36).slice(2)}@alder.test`;
    await pool.createUser({ email, password: GOOD_PASSWORD });
    const forgot = await app.request('/identity', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword', ...LOOPBACK },
      body: JSON.stringify({ ClientId: CLIENT_ID, Username: email }),
    });
    expect(forgot.status).toBe(200);
    await pool.idle();
    return app;
  }

  it('opens as a page typed into the address bar, or followed from a page of this server, with no-store and never framed', async () => {
    const app = await withCode();
    for (const site of ['none', 'same-origin']) {
      const page = await app.request('/identity/dev/outbox', {
        headers: { ...LOOPBACK, 'Sec-Fetch-Site': site, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1' },
      });
      expect(page.status, site).toBe(200);
      expect(await page.text()).toMatch(/verification code is \d{6}/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(directives(page.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
      expect(page.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers a client without Fetch Metadata (curl, Node) on loopback', async () => {
    await database.db.delete(mailQueue);
    const app = await withCode();
    const page = await app.request('/identity/dev/outbox', { headers: LOOPBACK });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toMatch(/verification code is \d{6}/);
    // One message is "the latest message", not "the latest 1 messages".
    expect(text).toContain('<p>The latest message of the mail queue');
  });

  it.each([
    ['a script on another site', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }],
    ['a script on this site', { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }],
    ['a no-cors fetch', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty' }],
    ['a link from another site', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }],
    ['a frame of this site', { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' }],
    ['a sibling site', { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }],
    ['garbage metadata', { 'Sec-Fetch-Site': 'none\u0001', 'Sec-Fetch-Mode': 'x'.repeat(10_000) }],
    ['a site without a mode', { 'Sec-Fetch-Site': 'none' }],
  ])('refuses %s, without the codes or CORS headers', async (_what, metadata) => {
    const app = await withCode();
    const refused = await app.request('/identity/dev/outbox', { headers: { ...LOOPBACK, ...metadata, Origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toMatch(/\d{6}/);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a preflight or a POST without CORS headers', async () => {
    const app = await withCode();
    const preflight = await app.request('/identity/dev/outbox', {
      method: 'OPTIONS',
      headers: { ...LOOPBACK, Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(405);
    const post = await app.request('/identity/dev/outbox', { method: 'POST', headers: { ...LOOPBACK, Origin: TEST_ORIGIN } });
    expect(post.status).toBe(405);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not exist for other machines or when it is off', async () => {
    const app = await withCode();
    expect((await app.request('/identity/dev/outbox', { headers: { 'x-test-peer': '198.51.100.7' } })).status).toBe(404);
    const off = appWithEverything({ devOutbox: false }).app;
    expect((await off.request('/identity/dev/outbox', { headers: LOOPBACK })).status).toBe(404);
  });

  it('logs no codes, addresses or bodies while refusing', async () => {
    const { logger, lines } = capturedLogger();
    const app = makeTestApp(database, { logger, identity: appWithEverything().pool.routes });
    await app.request('/identity/dev/outbox', { headers: { ...LOOPBACK, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' } });
    await app.request('http://evil.example/identity/dev/outbox');
    expect(lines.join('\n')).not.toMatch(/evil\.example|127\.0\.0\.1|\d{6}/);
  });
});
