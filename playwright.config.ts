import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/e2e/support/chromium';

/** The end-to-end suite runs against a real server on the embedded database, in memory. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  webServer: {
    // The server of `npm run server` plus the suite's own users (tests/e2e/support/users.ts).
    command: 'npx tsx tests/e2e/support/server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      HTTPS_PORT: '0',
      CANNERY_DATA_DIR: 'memory://',
      CANNERY_SEED: 'demo',
      LOG_LEVEL: 'warn',
      // Password-reset codes readable at /identity/dev/outbox (account-recovery.spec.ts).
      CANNERY_DEV_OUTBOX: '1',
      // The local work-account provider at /sso-stand-in.
      SSO_STAND_IN: '1',
    },
  },
});
