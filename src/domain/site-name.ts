/**
 * A site as the user reads it: its host and port (`example.org`, `localhost:8080`), with the
 * scheme only when it is not https (`http://intranet.example`). The origin itself when it is not one.
 */
export function siteName(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' ? url.host : `${url.protocol}//${url.host}`;
  } catch {
    return origin;
  }
}
