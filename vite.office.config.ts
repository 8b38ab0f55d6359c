import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web build of the shared app: the Outlook task pane (and its dialog pages, which are routes
 * of the same page), the playground and the admin app. The server serves `dist/web`. The extension is built by WXT.
 */
export default defineConfig({
  plugins: [react()],
  root: resolve(import.meta.dirname, 'hosts'),
  base: '/',
  // Files with fixed names the manifest and pages link to (icons), copied as they are.
  publicDir: resolve(import.meta.dirname, 'hosts/public'),
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        playground: resolve(import.meta.dirname, 'hosts/playground/index.html'),
        taskpane: resolve(import.meta.dirname, 'hosts/outlook/taskpane.html'),
        // The team admins' web app (`/admin`): its own entry, so none of it loads in the task pane.
        admin: resolve(import.meta.dirname, 'hosts/admin/index.html'),
      },
    },
  },
});
