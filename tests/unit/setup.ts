import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  // Node-environment tests (marked `@vitest-environment node`) have no DOM to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
  window.location.hash = '';
});
