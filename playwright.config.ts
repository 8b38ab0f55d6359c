import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/e2e/support/chromium';

import { E2E_DNS_PORT, E2E_PORT, FAKE_OUTLOOK_ORIGIN, SESSION_IDLE_MINUTES, SHORT_TOKENS, SHORT_TOKENS_PORT } from './tests/e2e/support/servers';

/**
 * Files whose tests mostly sleep on the wall clock: token expiry (token-refresh.spec.ts waits for
 * 70 s tokens to die) and the outbox's retry back-off (outbox.spec.ts). They use little CPU.
 */
const WAITS_ON_REAL_TIME = ['**/token-refresh.spec.ts', '**/outbox.spec.ts'];

/**
 * Files with the longest single tests (a minute or more on two busy cores: xss.spec.ts's 65
 * hostile blocks, people.spec.ts's invitation) or whose tests run in order in one worker
 * (shortcut-matrix.spec.ts, serial). Dispatched in file name order, they came last and ran on
 * alone while the other workers sat idle, for about 100 s; dispatched first, they overlap the rest.
 */
const LONGEST = ['**/xss.spec.ts', '**/shortcut-matrix.spec.ts', '**/people.spec.ts', '**/variables.spec.ts', '**/mfa.spec.ts'];

/** The end-to-end suite runs against a real server on the embedded database, in memory. */
const baseURL = `http://localhost:${E2E_PORT}`;

/** The e2e server's environment: the server of `npm run server`, plus the suite's own users. */
const serverEnv = (port: number) => ({
  CANNERY_PORT: String(port),
  CANNERY_HTTPS_PORT: '0',
  CANNERY_DATA_DIR: 'memory://',
  CANNERY_SEED: 'demo',
  CANNERY_LOG_LEVEL: 'warn',
  // Scheduled changes are published within a second of their time (wording.spec.ts).
  CANNERY_PUBLISH_EVERY_SECONDS: '1',
  // Password-reset codes readable at /identity/dev/outbox (account-recovery.spec.ts).
  CANNERY_DEV_OUTBOX: '1',
  // The fake Outlook page of server-security.spec.ts, which frames the task pane.
  CANNERY_FRAME_ANCESTORS: FAKE_OUTLOOK_ORIGIN,
  // The local work-account provider at /sso-stand-in.
  CANNERY_SSO_STAND_IN: '1',
  // A deployment's own session idle time, not the default 30 minutes (sessions.spec.ts).
  CANNERY_SESSION_IDLE_MINUTES: String(SESSION_IDLE_MINUTES),
  // The whole suite signs in from one address, the demo users many times in ten minutes: the
  // product's caps (100 per address, 30 per username) would refuse its later sign-ins.
  CANNERY_POOL_SIGN_INS_PER_ADDRESS: '100000',
  CANNERY_POOL_SIGN_INS_PER_USERNAME: '100000',
  // Domain proofs ask the DNS server domains.spec.ts starts on loopback, never the machine's.
  CANNERY_DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Room for three browsers sharing two cores: a limit that is met, not a speed being measured.
  timeout: 45_000,
  expect: {
    timeout: 10_000,
    // What a screen reader is given on each screen, kept as reviewed files: a change fails until
    // `npx playwright test --update-snapshots=changed` rewrites them and the diff is reviewed.
    toMatchAriaSnapshot: { pathTemplate: '{testDir}/aria-snapshots/{testFileName}/{arg}{ext}' },
  },
  fullyParallel: true,
  // Three browsers at once, on CI too: a test waits on the server, the page or a timer most of its
  // time. Tests that change shared data use their own users and teams (support/users.ts), and a
  // file whose tests must run in order says so (`mode: 'serial'`). The files that spend a minute
  // or more asleep on real time go first, one at a time (`projects`: listed first, their tests are
  // dispatched first), so their waiting overlaps the rest of the suite from the start; then that
  // worker joins the rest. The longest tests come next, for the same reason (`LONGEST`).
  workers: 3,
  projects: [
    { name: 'real-time waits', testMatch: WAITS_ON_REAL_TIME, workers: 1 },
    { name: 'longest', testMatch: LONGEST },
    { name: 'suite', testIgnore: [...WAITS_ON_REAL_TIME, ...LONGEST] },
  ],
  // On CI a failed test runs once more: one that then passes is reported as flaky by name (and
  // counted in CI's last line) instead of throwing away the run; locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Recording a trace costs the browser more than the test itself (a screencast and a DOM
    // snapshot per action: 196 CPU-seconds instead of 115 for the same 18 tests on 2 cores). On CI
    // only a failed test's retry records one; locally a failed test keeps a trace of its DOM
    // snapshots (no screencast; `--trace on` records everything).
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      // tests/e2e/support/server.ts: the server of `npm run server` plus the suite's users (support/users.ts).
      command: 'npx tsx tests/e2e/support/server.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: serverEnv(E2E_PORT),
    },
    {
      // The same with ID tokens that live 70 s, so token refresh happens within a test (token-refresh.spec.ts).
      command: 'npx tsx tests/e2e/support/server.ts',
      url: `http://localhost:${SHORT_TOKENS_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv(SHORT_TOKENS_PORT),
        CANNERY_POOL_ID_TOKEN_SECONDS: String(SHORT_TOKENS.seconds),
        CANNERY_POOL_ACCESS_TOKEN_SECONDS: String(SHORT_TOKENS.seconds),
        CANNERY_SSO_STAND_IN_TOKEN_SECONDS: String(SHORT_TOKENS.seconds),
      },
    },
  ],
});
