import { pino, type Logger } from 'pino';

/**
 * Structured logs. Request logs carry method, route, status and timing, never bodies, tokens or
 * email addresses: the data this product handles is personal.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.email'], censor: '[redacted]' },
  });
}

export type { Logger };
