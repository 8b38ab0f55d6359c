import { createServer, request as httpRequest, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';
import { routeFakeOffice, TASK_PANE_PATH } from './support/outlook';
import { E2E_PORT, FAKE_OUTLOOK_ORIGIN, FAKE_OUTLOOK_PORT } from './support/servers';
import { logInToHome, pane, submitLoginIn } from './support/sign-in';

/**
 * The server's defences as a browser meets them: a page on another site cannot frame Cannery's
 * pages (only Outlook, here its stand-in origin, may frame the task pane), cannot read the user
 * pool's answers or the development outbox, and a rebinding Host name is refused. Cannery's own
 * pages render under their Content-Security-Policy without a single violation.
 */

const SERVER = `http://localhost:${E2E_PORT}`;
const morgan = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const dana = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;

/**
 * Another site's pages, served from loopback: `http://127.0.0.1:<port>` is another site than
 * `http://localhost:<E2E_PORT>`, and being on loopback too it is not held back by the browser's
 * rules for public pages reaching local addresses, so only the server's own defences decide.
 */
async function serveSite(html: string, port = 0): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const sites: Server[] = [];
test.afterEach(async () => {
  await Promise.all(sites.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** Records every Content-Security-Policy violation in the page and its frames. */
async function recordViolations(page: Page): Promise<Array<{ directive: string; blocked: string; url: string }>> {
  const violations: Array<{ directive: string; blocked: string; url: string }> = [];
  await page.exposeBinding('__cspViolation', ({ frame }, directive: string, blocked: string) => {
    violations.push({ directive, blocked, url: frame.url() });
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __cspViolation: (d: string, b: string) => Promise<void> }).__cspViolation(event.effectiveDirective, event.blockedURI);
    });
  });
  return violations;
}

/** Every violation fails a test: the pages need nothing their CSP forbids. */
const unexpected = (violations: Array<{ directive: string; blocked: string }>) => violations;

// The fake Outlook page listens on a fixed port, so this file's tests run one at a time.
test.describe.configure({ mode: 'serial' });

test.describe('framing', () => {
  test('a page on another site cannot frame the playground, the admin app or the task pane', async ({ page, context }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await routeFakeOffice(context);
    const evil = await serveSite(
      `<!doctype html><title>Win a prize</title>
       <iframe name="playground" src="${SERVER}/"></iframe>
       <iframe name="admin" src="${SERVER}/admin/"></iframe>
       <iframe name="taskpane" src="${SERVER}${TASK_PANE_PATH}"></iframe>`,
    );
    sites.push(evil.server);
    await page.goto(`${evil.origin}/`);
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);

    for (const name of ['playground', 'admin', 'taskpane']) {
      // A refused frame holds the browser's error page, never the app's document.
      await expect.poll(() => page.frame({ name })?.url(), { message: name }).toBe('chrome-error://chromewebdata/');
    }
    expect(refusals.filter((text) => text.includes(`"frame-ancestors 'none'"`))).toHaveLength(2);
  });

  test("Outlook's origin may frame the task pane, which renders without a CSP violation", async ({ page, context }) => {
    const violations = await recordViolations(page);
    await routeFakeOffice(context);
    const outlook = await serveSite(
      `<!doctype html><title>Outlook</title><iframe name="addin" style="width:360px;height:640px" src="${SERVER}${TASK_PANE_PATH}"></iframe>`,
      FAKE_OUTLOOK_PORT,
    );
    sites.push(outlook.server);
    expect(outlook.origin).toBe(FAKE_OUTLOOK_ORIGIN);
    await page.goto(`${FAKE_OUTLOOK_ORIGIN}/mail/`);
    // The pane's own document loads and runs in the frame. (What it then shows depends on the
    // browser's third-party storage rules, which this headless Chromium applies to a frame of
    // another site; the outlook specs drive the pane itself.)
    await expect.poll(() => page.frame({ name: 'addin' })?.url()).toBe(`${SERVER}${TASK_PANE_PATH}`);
    const addin = page.frameLocator('iframe[name="addin"]');
    await expect(addin.locator('#root')).not.toBeEmpty();
    await expect(addin.locator('#root')).not.toHaveText('Loading Cannery…', { timeout: 10_000 });
    await page.screenshot({ path: test.info().outputPath('task-pane-in-outlook.png') });
    expect(unexpected(violations)).toEqual([]);
  });
});

test.describe("Cannery's pages under their CSP", () => {
  test('the admin app signs in and shows its blocks without a CSP violation', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await submitLoginIn(page, morgan.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Blocks' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Blocks' }).getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('admin.png') });
    expect(unexpected(violations)).toEqual([]);
  });

  test('the playground and its task pane sign in and show blocks without a CSP violation', async ({ page, context }) => {
    const violations = await recordViolations(page);
    await routeFakeOffice(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue to Login' }).click();
    await logInToHome(pane(page), dana.email, DEMO_PASSWORD);
    await expect(pane(page).getByRole('heading', { name: 'Blocks' }).first()).toBeVisible();
    // A block's text is sanitised before it is shown: that too runs under the page's CSP.
    await pane(page).getByRole('button', { name: /^Show the text of / }).first().click();
    await expect(pane(page).getByTestId('block-preview').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('playground.png') });
    expect(unexpected(violations)).toEqual([]);
  });
});

test.describe('the password-reset takeover from another site', () => {
  test('a page on another site reads neither the user pool\'s answers nor the outbox', async ({ page, request }) => {
    // The victim's reset code is in the outbox (however it got there).
    const forgot = await request.post('/identity', {
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
      data: JSON.stringify({ ClientId: 'cannery-app', Username: dana.email }),
    });
    expect(forgot.status()).toBe(200);
    const evil = await serveSite('<!doctype html><title>Win a prize</title><p>Loading…</p>');
    sites.push(evil.server);
    await page.goto(`${evil.origin}/`);

    const attack = await page.evaluate(
      async ({ server, username }) => {
        const outcome: Record<string, string> = {};
        try {
          const answer = await fetch(`${server}/identity`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
            body: JSON.stringify({ ClientId: 'cannery-app', Username: username }),
          });
          outcome.forgot = `read ${answer.status}`;
        } catch (error) {
          outcome.forgot = `refused: ${String(error)}`;
        }
        for (const mode of ['cors', 'no-cors'] as const) {
          try {
            const outbox = await fetch(`${server}/identity/dev/outbox`, { mode });
            const text = await outbox.text();
            outcome[`outbox ${mode}`] = /\d{6}/.test(text) ? `CODE READ: ${text.slice(0, 40)}` : `opaque ${outbox.type} ${text.length}`;
          } catch (error) {
            outcome[`outbox ${mode}`] = `refused: ${String(error)}`;
          }
        }
        return outcome;
      },
      { server: SERVER, username: dana.email },
    );

    // The preflight names a foreign origin, which the pool does not allow: the operation is never sent.
    expect(attack.forgot).toMatch(/^refused: TypeError/);
    // The outbox answers a script 403 without CORS headers: unreadable, and a no-cors read is opaque.
    expect(attack['outbox cors']).toMatch(/^refused: TypeError/);
    expect(attack['outbox no-cors']).toBe('opaque opaque 0');
  });

  test('the outbox refuses a script even on the same origin, and opens as a typed-in address', async ({ page }) => {
    await page.goto('/identity/dev/outbox');
    await expect(page.getByRole('heading', { name: 'Identity outbox' })).toBeVisible();
    await page.goto('/api/health');
    await page.goto('/');
    const fetched = await page.evaluate(async () => (await fetch('/identity/dev/outbox')).status);
    expect(fetched).toBe(403);
  });
});

test.describe('DNS rebinding', () => {
  /** A request to the server's address with a Host header of our choosing (as after a rebinding). */
  const withHost = (host: string, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: E2E_PORT, path, headers: { Host: host }, setHost: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  test('a request to 127.0.0.1 named evil.example is refused; the server\'s own names are answered', async () => {
    for (const path of ['/api/health', '/identity/dev/outbox', '/admin/']) {
      const rebound = await withHost(`evil.example:${E2E_PORT}`, path);
      expect(rebound.status, path).toBe(421);
      expect(rebound.body).not.toMatch(/verification code|<div id="root">/);
    }
    expect((await withHost(`localhost:${E2E_PORT}`, '/api/health')).status).toBe(200);
    expect((await withHost(`127.0.0.1:${E2E_PORT}`, '/api/health')).status).toBe(200);
  });

  test('a page on a rebinding name cannot load the app', async ({ page, context }) => {
    // The browser's view of a rebinding: the attacker's name, this server's answer.
    await context.route('http://rebound.example/**', async (route) => {
      const answer = await withHost('rebound.example', new URL(route.request().url()).pathname);
      await route.fulfill({ status: answer.status, body: answer.body, contentType: 'text/plain' });
    });
    const response = await page.goto('http://rebound.example/admin/');
    expect(response?.status()).toBe(421);
    await expect(page.locator('body')).toContainText('does not answer to that host name');
  });
});
