import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../app-env';

/** The origin written in `manifest-office/manifest.xml`, replaced by the server's public origin. */
export const MANIFEST_ORIGIN_PLACEHOLDER = 'https://localhost:8443';

export interface WebOptions {
  /** Folder of the built web app (`dist/web`). */
  webRoot: string;
  /** Folder of the Outlook manifest. */
  manifestDir: string;
  /** HTTPS origin Outlook loads the task pane from. */
  publicOrigin: string;
}

/**
 * Serves the built task pane, its dialog pages (routes of the same page) and the playground, plus
 * the Outlook manifest pointed at this server.
 */
export function webRoutes(options: WebOptions): Hono<AppEnv> {
  const web = new Hono<AppEnv>();
  const root = resolve(options.webRoot);
  const built = () => existsSync(join(root, 'playground', 'index.html'));

  web.get('/manifest.xml', (c) => {
    const manifest = readFileSync(join(options.manifestDir, 'manifest.xml'), 'utf8');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(manifest.replaceAll(MANIFEST_ORIGIN_PLACEHOLDER, options.publicOrigin));
  });

  web.use('*', async (c, next) => {
    if (built()) return next();
    return c.html(
      '<!doctype html><title>Cannery</title><p>The web app is not built yet. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it) and reload.</p>',
      503,
    );
  });

  web.get('/', serveStatic({ root, path: 'playground/index.html' }));
  web.get('/playground', (c) => c.redirect('/'));
  // The team admins' web app; its work-account sign-in returns to `/admin/`.
  web.get('/admin', (c) => c.redirect('/admin/'));
  web.get('/admin/', serveStatic({ root, path: 'admin/index.html' }));
  web.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (path, c) => {
        // Built scripts and styles carry a content hash in their names, so they never change;
        // icons keep fixed names and are revalidated.
        const hashed = /-[\w-]{8}\.(?:js|css)(?:\.map)?$/.test(path);
        c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    }),
  );
  web.use('*', serveStatic({ root }));
  return web;
}
