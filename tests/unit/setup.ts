import { afterAll, afterEach, vi } from 'vitest';
import { guardConsole } from './support/console';

/**
 * A test fails when what it runs writes to console.error or console.warn and the test did not say
 * it expects that by spying on the console and asserting the message (support/console.ts). This
 * hook is registered before the others, so it runs after every other `afterEach` (the screen's
 * unmount included).
 */
const consoleGuard = guardConsole();
afterEach(() => consoleGuard.check());

// Files marked `@vitest-environment node` have no DOM to clean, and skip loading React's test kit.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // `findBy…` and `waitFor` give up after this long: room for a screen to settle while every core
  // is busy (a limit that is met, not a speed being measured; the library's default is 1 s).
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    window.location.hash = '';
  });
}

// Screens load some code on demand (the recommender): a file whose last test started such a load
// waits for it, or the load ends after the environment is gone and fails the run.
afterAll(() => vi.dynamicImportSettled());
