import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Each page of the build, by where its source lies and where the server serves it from: the
 * hosts' pages from `hosts/`, the admin app's with its code.
 */
const PAGES: Record<string, { source: string; served: string }> = {
  playground: { source: 'hosts/playground/index.html', served: 'playground/index.html' },
  taskpane: { source: 'hosts/outlook/taskpane.html', served: 'outlook/taskpane.html' },
  // The team admins' web app (`/admin`): its own entry, so none of it loads in the task pane.
  admin: { source: 'src/admin/app/index.html', served: 'admin/index.html' },
};

/** Writes each page at the path it is served from (Vite names a page by its source path). */
function pagesAtTheirPaths(): Plugin {
  const served = new Map(Object.values(PAGES).map((page) => [page.source, page.served]));
  return {
    name: 'cannery-pages',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        const to = file.type === 'asset' ? served.get(file.fileName) : undefined;
        if (to) file.fileName = to;
      }
    },
  };
}

/**
 * The web build of the shared app: the Outlook task pane (and its dialog pages, which are routes
 * of the same page), the playground and the admin app. The server serves `dist/web`. The extension is built by WXT.
 */
export default defineConfig({
  plugins: [react(), pagesAtTheirPaths()],
  root: import.meta.dirname,
  base: '/',
  // Files with fixed names the manifest and pages link to (icons), copied as they are.
  publicDir: resolve(import.meta.dirname, 'hosts/public'),
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: Object.fromEntries(Object.entries(PAGES).map(([name, page]) => [name, resolve(import.meta.dirname, page.source)])),
    },
  },
});
