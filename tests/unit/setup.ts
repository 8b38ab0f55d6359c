import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  // Node-environment tests (marked `@vitest-environment node`) have no DOM to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
  window.location.hash = '';
});

// Screens load some code on demand (the recommender): a file whose last test started such a load
// waits for it, or the load ends after the environment is gone and fails the run.
afterAll(() => vi.dynamicImportSettled());
