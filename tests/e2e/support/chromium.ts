import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags every Chromium of the suite starts with: quiet on a closed network, fine as root in CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Finds a Chromium to drive: `CHROMIUM_PATH`, then Debian's `/usr/bin/chromium`, then the browser
 * Playwright manages on a developer's laptop. Fails with what to install when there is none.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    const managed = chromium.executablePath();
    if (managed && existsSync(managed)) return managed;
  } catch {
    // Playwright has no managed browser here; fall through to the explanation below.
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one of:\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  anywhere else: npx playwright install chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}
