import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/seed/demo-data';
import { fakeSmtp } from './support/smtp';

/**
 * The server sends the mail it queued before it exits on SIGTERM, though its worker's next poll is
 * an hour away: the whole server (`server/entry/node.ts`) in a process of its own, as an operator runs it.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping the server', () => {
  it('sends due mail on SIGTERM before it exits, and logs no address', async () => {
    // The first try is refused for now: the retry falls due a second later, long before the next poll.
    const smtp = await fakeSmtp({ rcpt: (conversation) => (conversation === 1 ? '451 4.3.0 try again' : '250 ok') });
    cleanup.push(smtp.close);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/entry/node.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        CANNERY_PORT: String(port),
        CANNERY_HTTPS_PORT: '0',
        CANNERY_DATA_DIR: 'memory://',
        CANNERY_SEED: 'demo',
        CANNERY_SMTP_URL: smtp.url,
        CANNERY_MAIL_RETRY_SECONDS: '1',
        CANNERY_MAIL_POLL_SECONDS: '3600',
        CANNERY_MAIL_DRAIN_SECONDS: '20',
        CANNERY_LOG_LEVEL: 'info',
        CANNERY_SSO_STAND_IN: '',
        CANNERY_DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    cleanup.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });

    const base = `http://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 250) {
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (waited > 60_000 || child.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
      await pause(250);
    }
    const email = DEMO_USERS[0]!.email;
    const forgot = await fetch(`${base}/identity`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
      body: JSON.stringify({ ClientId: 'cannery-app', Username: email }),
    });
    expect(forgot.status, await forgot.clone().text()).toBe(200);
    // Woken by the request, the worker tried at once and was refused.
    for (let waited = 0; smtp.transcripts.length === 0 && waited < 10_000; waited += 50) await pause(50);
    await pause(1200);
    expect(smtp.delivered()).toHaveLength(0);

    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code, output).toBe(0);
    expect(smtp.delivered()).toHaveLength(1);
    expect(smtp.delivered()[0]).toMatch(/verification code is \d{6}/);
    expect(output).toContain('mail queue drained at shutdown');
    expect(output).toContain('sending mail failed; it will be tried again');
    expect(output).not.toContain(email);
  }, 120_000);
});
