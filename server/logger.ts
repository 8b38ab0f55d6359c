import { pino, type Logger } from 'pino';

/**
 * Structured logs. Request logs carry method, route, status and timing, never bodies, tokens or
 * email addresses: the data this product handles is personal. Errors go through `safeError`, so a
 * failed query's parameters, a refused token or an address in a message never reach the log.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: safeError, error: safeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.email', '*.token', '*.body', '*.params'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** What the log keeps of an error: its kind, its code and where it was thrown. */
export interface SafeError {
  type: string;
  /** PostgreSQL's SQLSTATE, or Node's error code, when there is one. */
  code?: string;
  /** The message, only for errors that do not come from a query, with addresses and tokens removed. */
  message?: string;
  /** The kind of the underlying error (a query error's driver error). */
  cause?: string;
  /** Stack frames only: the first line of a stack repeats the message. */
  stack?: string;
}

const MAX_MESSAGE = 300;
const MAX_FRAMES = 12;
const ADDRESS = /[^\s@<>"',;:]{1,64}@[^\s@<>"',;:]{1,255}/g;
const TOKEN = /\b(?:eyJ[\w-]{4,}\.[\w-]{4,}(?:\.[\w-]*)?|[A-Za-z0-9+/_-]{40,}={0,2})/g;

function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code.length <= 40 ? code : undefined;
}

/** A query error (the ORM's, which quotes the query and its parameters, or the driver's). */
function fromQuery(error: Error): boolean {
  const cause = error.cause as { severity?: unknown } | undefined;
  return 'params' in error || 'query' in error || 'severity' in error || (cause !== undefined && 'severity' in Object(cause));
}

/** Removes what could be personal from a free-text message. */
export function scrubLogText(text: string): string {
  return text.slice(0, MAX_MESSAGE * 4).replace(ADDRESS, '[address]').replace(TOKEN, '[token]').slice(0, MAX_MESSAGE);
}

/** Serialises an error for the log without query parameters, bodies, tokens or addresses. */
export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    // Frames name functions and files, never data: kept as they are, each bounded.
    .map((line) => line.trim().slice(0, MAX_MESSAGE))
    .join('\n');
  return {
    type: error.name || error.constructor.name,
    ...(codeOf(error) ?? codeOf(cause) ? { code: codeOf(error) ?? codeOf(cause) } : {}),
    ...(fromQuery(error) ? {} : { message: scrubLogText(error.message) }),
    ...(cause ? { cause: cause.name } : {}),
    ...(frames ? { stack: frames } : {}),
  };
}

export type { Logger };

/** What the log keeps of an unexpected error: its kind and code, never its message (it may quote a query). */
export function failureOf(error: unknown): { name: string; code?: string } {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return { name: typeof name === 'string' ? name : 'Error', ...(typeof code === 'string' ? { code } : {}) };
}
