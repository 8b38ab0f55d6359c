import type { MiddlewareHandler } from 'hono';

/**
 * Where Outlook frames add-in task panes from: Outlook on the web (work or school and
 * Outlook.com), the new Outlook for Windows and Mac (which frame the web client), and Office on the
 * web's hosts. Classic Outlook on Windows and Mac shows the pane in a web view of its own, not in a
 * frame of a page.
 */
export const OFFICE_FRAME_ANCESTORS = [
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook.live.com',
  'https://outlook.cloud.microsoft',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.officeapps.live.com',
  'https://*.outlook.com',
  'https://*.cloud.microsoft',
] as const;

/** Office.js (the task pane must load it from Microsoft's CDN) and the scripts it loads itself. */
const OFFICE_SCRIPT_ORIGINS = ['https://appsforoffice.microsoft.com', 'https://ajax.aspnetcdn.com'];

export interface PagePolicyOptions {
  /** Origins besides the server's own that the pages call: the SSO authority, an absolute identity endpoint. */
  connectOrigins: string[];
  /** Origins besides Outlook's that may frame the task pane (CANNERY_FRAME_ANCESTORS). */
  taskPaneFrameAncestors: string[];
}

/** The origin of an absolute http(s) URL, or null for a path or anything else. */
export function originOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const join = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/**
 * The Content-Security-Policy of the pages: scripts only from this server (and Office.js on the
 * task pane), no plugins, no `<base>` elsewhere, forms posting only here. Styles allow inline:
 * Fluent UI (Griffel) writes its styles into `<style>` elements at run time, and the pages carry a
 * small inline stylesheet. Images may come from https (blocks can show pictures from anywhere),
 * `data:` and `blob:`.
 */
export function pagePolicy(kind: 'app' | 'task-pane', options: PagePolicyOptions): string {
  const connect = ["'self'", ...new Set(options.connectOrigins)];
  return join({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(kind === 'task-pane' ? OFFICE_SCRIPT_ORIGINS : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': kind === 'task-pane' ? ["'self'", ...OFFICE_FRAME_ANCESTORS, ...options.taskPaneFrameAncestors] : ["'none'"],
  });
}

/** For answers that are not pages (JSON, files): nothing may load from them, nobody may frame them. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The development pages of the SSO stand-in keep their own inline script; they are only never framed. */
export const FRAME_NONE_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/**
 * Sets Content-Security-Policy and X-Frame-Options on every answer that does not carry its own
 * policy: the task pane and its dialog pages (`/outlook/...`) may be framed by Outlook; every other
 * page (the playground at `/`, the admin app at `/admin/`) and every other answer by nobody.
 */
export function securityHeaders(options: PagePolicyOptions): MiddlewareHandler {
  const app = pagePolicy('app', options);
  const taskPane = pagePolicy('task-pane', options);
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // An answer passed through from elsewhere can have immutable headers: copy it first.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    const path = c.req.path;
    const isTaskPane = path.startsWith('/outlook/');
    if (!headers.has('Content-Security-Policy')) {
      const html = (headers.get('Content-Type') ?? '').startsWith('text/html');
      let policy = NON_PAGE_POLICY;
      if (path.startsWith('/sso-stand-in/')) policy = FRAME_NONE_POLICY;
      else if (html) policy = isTaskPane ? taskPane : app;
      headers.set('Content-Security-Policy', policy);
    }
    // X-Frame-Options cannot name several origins: the task pane relies on frame-ancestors alone.
    if (!isTaskPane) headers.set('X-Frame-Options', 'DENY');
    else headers.delete('X-Frame-Options');
  };
}
