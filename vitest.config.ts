import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

/**
 * Test files run in one worker per core. Vitest's own default keeps one core free (a single
 * worker on a 2-core machine); the main process does little while the workers run, so every core
 * gets one.
 */
const workers = Math.max(2, availableParallelism());

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          deps: { optimizer: { client: { enabled: true, include: ['@fluentui/react-components', '@fluentui/react-icons', 'react', 'react-dom', '@testing-library/react'] } } },
          setupFiles: ['tests/unit/setup.ts'],
          // A limit that is met, not a speed being measured: the slowest component tests take a few
          // seconds when both cores are busy.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One database per worker, shared by its test files (PGlite takes seconds to start).
          isolate: false,
          globalSetup: ['tests/server/engine-banner.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
