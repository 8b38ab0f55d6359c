import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Services } from './app-env';
import { healthRoutes } from './routes/health';

export interface AppOptions {
  services: Services;
  /** Serves the built web app and the manifest; the Node entry passes one, Lambda serves the API only. */
  web?: Hono<AppEnv>;
}

/** The whole Cannery server as one Hono app: the API under `/api`, the web app beside it. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const provideServices: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('services', options.services);
    await next();
  };
  app.use('*', provideServices);
  app.use(
    '*',
    secureHeaders({
      // The task pane is framed by Outlook (desktop and web), so framing must stay allowed.
      xFrameOptions: false,
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
    }),
  );

  const api = new Hono<AppEnv>();
  api.route('/health', healthRoutes());
  app.route('/api', api);
  if (options.web) app.route('/', options.web);

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json({ error: { code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}` } }, 404)
      : c.text('Not found', 404),
  );
  app.onError((error, c) => {
    c.var.services.logger.error({ err: error, path: c.req.path }, 'request failed');
    return c.json({ error: { code: 'internal', message: 'The server could not complete this request.' } }, 500);
  });
  return app;
}
