/**
 * Production mode (NODE_ENV=production or CANNERY_MODE=production): no demo seed, and a start that
 * refuses the development settings, all named in one message. The settings are checked as the
 * server reads them, and a real server process is started both ways.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../../server/config';
import { loadIdentityConfig } from '../../server/identity';
import { loadMailConfig, mailDeliveryOf } from '../../server/mail';
import { isLocalHostName, refuseUnsafeProduction, StartupRefusal } from '../../server/production';
import { loadSsoConfig } from '../../server/sso/config';

const root = resolve(import.meta.dirname, '../..');
const DATA_KEY = Buffer.alloc(32, 7).toString('base64');
/** A production configuration with nothing to refuse. */
const CLEAN: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  CANNERY_PUBLIC_ORIGIN: 'https://cannery.example.org',
  CANNERY_HTTPS_PORT: '0',
  CANNERY_POOL_DATA_KEY: DATA_KEY,
  CANNERY_SMTP_URL: 'smtp://cannery:secret@mail.example.org:587',
};

/** The start-up check as the Node entry runs it, on these settings; the refusal's message, or null. */
function refusal(env: NodeJS.ProcessEnv): string | null {
  const config = loadConfig(env);
  try {
    refuseUnsafeProduction({ config, sso: loadSsoConfig(config, env), identity: loadIdentityConfig(env), mail: loadMailConfig(env), servesHttps: true });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(StartupRefusal);
    return (error as Error).message;
  }
}

function without(env: NodeJS.ProcessEnv, name: string): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy[name];
  return copy;
}

describe('production settings', () => {
  it('start with nothing to refuse, and seed no demo data', () => {
    expect(refusal(CLEAN)).toBeNull();
    expect(loadConfig(CLEAN)).toMatchObject({ mode: 'production', seed: 'none' });
    expect(loadConfig({})).toMatchObject({ mode: 'development', seed: 'demo' });
  });

  it.each([
    ['the SSO stand-in', { CANNERY_SSO_STAND_IN: '1' }, 'CANNERY_SSO_STAND_IN is on'],
    ['the development outbox', { CANNERY_DEV_OUTBOX: '1' }, 'CANNERY_DEV_OUTBOX=1 shows password-reset codes'],
    ['a localhost CANNERY_PUBLIC_ORIGIN', { CANNERY_PUBLIC_ORIGIN: 'https://localhost:8443' }, 'CANNERY_PUBLIC_ORIGIN https://localhost:8443 is this machine'],
    ['a loopback CANNERY_PUBLIC_ORIGIN', { CANNERY_PUBLIC_ORIGIN: 'http://127.0.0.1:8787' }, 'CANNERY_PUBLIC_ORIGIN http://127.0.0.1:8787 is this machine'],
    ['a self-signed certificate', { CANNERY_HTTPS_PORT: '8443' }, 'CANNERY_HTTPS_PORT 8443 would serve a self-signed certificate'],
    ['half a certificate', { CANNERY_HTTPS_PORT: '8443', CANNERY_TLS_CERT_FILE: '/etc/cannery/cert.pem' }, 'would serve a self-signed certificate'],
    ['the demo seed', { CANNERY_SEED: 'demo' }, 'CANNERY_SEED=demo'],
  ])('refuse %s, naming it', (_what, change, message) => {
    const text = refusal({ ...CLEAN, ...change });
    expect(text).toContain('Cannery does not start in production mode (NODE_ENV=production) with this development setting:');
    expect(text).toContain(message);
  });

  it('refuse a missing CANNERY_POOL_DATA_KEY and a missing CANNERY_PUBLIC_ORIGIN', () => {
    expect(refusal(without(CLEAN, 'CANNERY_POOL_DATA_KEY'))).toContain('CANNERY_POOL_DATA_KEY is not set');
    expect(refusal(without(CLEAN, 'CANNERY_PUBLIC_ORIGIN'))).toContain('CANNERY_PUBLIC_ORIGIN is not set, so it is https://localhost:8443');
  });

  it('refuse a server that could not mail invitations and reset codes, unless mail is off on purpose', () => {
    expect(refusal(without(CLEAN, 'CANNERY_SMTP_URL'))).toContain(
      'CANNERY_SMTP_URL is not set: invitations and password-reset codes would wait in the queue and never be sent. Set it to your mail server (smtp://user:password@mail.example.org:587), or CANNERY_MAIL=off if this server sends no mail on purpose.',
    );
    expect(refusal({ ...without(CLEAN, 'CANNERY_SMTP_URL'), CANNERY_MAIL: 'off' })).toBeNull();
    expect(() => loadMailConfig({ CANNERY_MAIL: 'off', CANNERY_SMTP_URL: CLEAN.CANNERY_SMTP_URL })).toThrow('CANNERY_MAIL=off and CANNERY_SMTP_URL are both set');
    expect(() => loadMailConfig({ CANNERY_MAIL: 'no' })).toThrow('CANNERY_MAIL must be "off" or unset, got "no"');
    expect(mailDeliveryOf(loadMailConfig({}))).toBe('held');
    expect(mailDeliveryOf(loadMailConfig({ CANNERY_MAIL: 'off' }))).toBe('off');
    expect(mailDeliveryOf(loadMailConfig({ CANNERY_SMTP_URL: CLEAN.CANNERY_SMTP_URL }))).toBe('sent');
  });

  it('name every problem in one message', () => {
    const text = refusal({ NODE_ENV: 'production', CANNERY_SSO_STAND_IN: '1', CANNERY_DEV_OUTBOX: '1' }) ?? '';
    expect(text.split('\n')[0]).toBe('Cannery does not start in production mode (NODE_ENV=production) with these 5 development settings:');
    for (const name of ['CANNERY_SSO_STAND_IN', 'CANNERY_DEV_OUTBOX', 'CANNERY_POOL_DATA_KEY', 'CANNERY_PUBLIC_ORIGIN', 'CANNERY_HTTPS_PORT 8443']) expect(text).toContain(name);
    expect(text.split('\n')).toHaveLength(6);
  });

  it('take a certificate of the operator, or no HTTPS listener at all', () => {
    expect(refusal({ ...CLEAN, CANNERY_HTTPS_PORT: '8443', CANNERY_TLS_CERT_FILE: '/etc/cannery/cert.pem', CANNERY_TLS_KEY_FILE: '/etc/cannery/key.pem' })).toBeNull();
  });

  it('follow CANNERY_MODE over NODE_ENV', () => {
    expect(refusal({ ...without(CLEAN, 'NODE_ENV'), CANNERY_MODE: 'production', CANNERY_SSO_STAND_IN: '1' })).toContain('production mode (CANNERY_MODE=production)');
    expect(refusal({ NODE_ENV: 'production', CANNERY_MODE: 'development', CANNERY_SSO_STAND_IN: '1' })).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', CANNERY_MODE: 'development' }).seed).toBe('demo');
    expect(() => loadConfig({ CANNERY_MODE: 'prod' })).toThrow('CANNERY_MODE must be "production" or "development", got "prod"');
  });

  it('refuse nothing in development', () => {
    expect(refusal({ CANNERY_SSO_STAND_IN: '1', CANNERY_DEV_OUTBOX: '1' })).toBeNull();
  });

  it.each(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '0.0.0.0'])('%s is this machine', (name) => {
    expect(isLocalHostName(name)).toBe(true);
  });
  it.each(['cannery.example.org', '10.0.0.5', 'localhost.example.org', '[2001:db8::1]'])('%s is not', (name) => {
    expect(isLocalHostName(name)).toBe(false);
  });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** `server/entry/node.ts` with exactly these settings (on a PGlite of its own); resolves when it exits or listens. */
function startProcess(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string; stop?: () => Promise<void> }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/entry/node.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cannery listening on http:')) {
        done({
          code: null,
          output,
          stop: () =>
            new Promise((stopped) => {
              child.on('exit', () => stopped());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', fail);
    child.on('exit', (code) => done({ code, output }));
  });
}

describe('a production server process', () => {
  it('refuses development settings with one message and exits 1, before touching the database', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cannery-production-'));
    dataDirs.push(dataDir);
    const result = await startProcess({ NODE_ENV: 'production', CANNERY_SSO_STAND_IN: '1', CANNERY_DEV_OUTBOX: '1', CANNERY_PORT: String(await freePort()), CANNERY_DATA_DIR: join(dataDir, 'db') });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Cannery did not start. Cannery does not start in production mode (NODE_ENV=production) with these 5 development settings:');
    for (const name of ['CANNERY_SSO_STAND_IN', 'CANNERY_DEV_OUTBOX', 'CANNERY_POOL_DATA_KEY', 'CANNERY_PUBLIC_ORIGIN', 'CANNERY_HTTPS_PORT']) expect(result.output).toContain(name);
    expect(result.output).not.toMatch(/^\s+at /m);
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
    const again = await startProcess({ NODE_ENV: 'production', CANNERY_MODE: 'staging' });
    expect(again.code).toBe(1);
    expect(again.output).toContain('Cannery did not start. CANNERY_MODE must be "production" or "development", got "staging"');
    const noMail = await startProcess({ ...without(CLEAN, 'CANNERY_SMTP_URL'), CANNERY_PORT: String(await freePort()), CANNERY_DATA_DIR: 'memory://' });
    expect(noMail.code).toBe(1);
    expect(noMail.output).toContain('with this development setting:');
    expect(noMail.output).toContain('CANNERY_SMTP_URL is not set: invitations and password-reset codes would wait in the queue and never be sent.');
    const mail = await startProcess({ CANNERY_MAIL_MAX_ATTEMPTS: 'x', CANNERY_PORT: String(await freePort()), CANNERY_DATA_DIR: 'memory://' });
    expect(mail.code).toBe(1);
    expect(mail.output).toContain('Cannery did not start. CANNERY_MAIL_MAX_ATTEMPTS must be a whole number from 1 to 100, got "x"');
    expect(mail.output).not.toMatch(/^\s+at /m);
  });

  it('starts with production settings, answers, and seeds no demo account', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cannery-production-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const started = await startProcess({ ...CLEAN, CANNERY_PORT: String(port), CANNERY_LOG_LEVEL: 'info', CANNERY_DATA_DIR: join(dataDir, 'db') });
    expect(started.code, started.output).toBeNull();
    // The development stand-in's library (and its Node 22 warning) is not loaded without CANNERY_SSO_STAND_IN.
    expect(started.output).not.toContain('oidc-provider');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    await started.stop?.();
    const db = await PGlite.create(join(dataDir, 'db'));
    try {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from accounts');
      expect(rows[0]?.n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
