/**
 * How bench/ui-server.ts tells bench/ui.ts that it answers, and on which port. The server's own
 * stdout is not the channel: its logger writes there (a warning line when `CANNERY_POOL_DATA_KEY`
 * is unset, JSON like the port line), so the port goes on a file descriptor of its own, fd 3, as
 * one line `{"cannery":"ui-server-ready","port":N}`. The reader still skips every line that is not
 * that message, checked with zod, so nothing else written there can be taken for the port.
 */
import { writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { z } from 'zod';

/** The child's file descriptor that carries the ready line: `stdio[3]` of the spawn. */
export const READY_FD = 3;
/** Set by the parent to READY_FD: without it fd 3 may be anything the runtime opened, and is left alone. */
export const READY_FD_ENV = 'CANNERY_BENCH_READY_FD';

const readyLine = z.object({ cannery: z.literal('ui-server-ready'), port: z.number().int().min(1).max(65_535) });

/** The ready line for `port`. */
export function formatReadyLine(port: number): string {
  return `${JSON.stringify(readyLine.parse({ cannery: 'ui-server-ready', port }))}\n`;
}

/** The port of a ready line, or null for any other line (a log line, half a line, other JSON). */
export function parseReadyLine(line: string): number | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = readyLine.safeParse(value);
  return parsed.success ? parsed.data.port : null;
}

/** Resolves with the port of the first ready line on `stream`; rejects if the stream ends without one. */
export async function readReadyPort(stream: Readable): Promise<number> {
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    const port = parseReadyLine(line);
    if (port !== null) return port;
  }
  throw new Error('The UI benchmark server exited before it was ready.');
}

/**
 * Writes the ready line to the descriptor the parent named (READY_FD_ENV). Started by hand
 * (`tsx bench/ui-server.ts <web-root>`), it goes to stdout instead, for the person reading it.
 */
export function announceReady(port: number, env: NodeJS.ProcessEnv = process.env): void {
  const line = formatReadyLine(port);
  const fd = Number(env[READY_FD_ENV]);
  if (Number.isInteger(fd) && fd > 2) writeSync(fd, line);
  else process.stdout.write(line);
}
