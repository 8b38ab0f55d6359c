/**
 * The origin a deployment serves Cannery on, as `npm run manifest` and `npm run package:ext:for`
 * take it: `--origin https://host[:port]`, nothing after the host but an optional slash.
 */
export function parseOriginArguments(args: string[], usage: string): { origin: string; out: string | undefined } {
  let origin: string | undefined;
  let out: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const value = args[index + 1];
    if ((arg === '--origin' || arg === '--out') && value !== undefined) {
      if (arg === '--origin') origin = value;
      else out = value;
      index += 1;
    } else {
      throw new UsageError(`Unknown argument "${arg.slice(0, 60)}".\n${usage}`);
    }
  }
  if (!origin) throw new UsageError(`--origin is required.\n${usage}`);
  return { origin: checkedOrigin(origin), out };
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/** `https://host[:port]`, lower-cased, without a trailing slash; anything else is refused with the reason. */
export function checkedOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--origin must be an https origin such as https://cannery.example.org, got "${value.slice(0, 80)}".`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`--origin must use https (Outlook loads add-ins over HTTPS only), got "${value.slice(0, 80)}".`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new UsageError(`--origin must be an origin only (https://host or https://host:port), without a path, query or credentials; got "${value.slice(0, 80)}".`);
  }
  return url.origin;
}
