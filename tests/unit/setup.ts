import { afterAll, afterEach, vi } from 'vitest';

// Files marked `@vitest-environment node` have no DOM to clean, and skip loading React's test kit.
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    window.location.hash = '';
  });
}

// Screens load some code on demand (the recommender): a file whose last test started such a load
// waits for it, or the load ends after the environment is gone and fails the run.
afterAll(() => vi.dynamicImportSettled());
