// @vitest-environment node
// The UI benchmark's server handshake (bench/ui-handshake.ts): the port is read from its own
// channel, and only from the ready line, whatever else was written there before it.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { READY_FD_ENV, announceReady, formatReadyLine, parseReadyLine, readReadyPort } from '../../../bench/ui-handshake';

/** What the server's logger printed on a fresh machine before the port: pino JSON lines. */
const LOGGER_LINES = [
  '{"level":40,"time":1767225600000,"pid":4242,"hostname":"clerk","msg":"CANNERY_POOL_DATA_KEY is not set: authenticator secrets are sealed with a key kept in the database (development only)"}',
  '{"level":30,"time":1767225600001,"port":0,"msg":"HTTPS listener off"}',
  'plain text from a dependency',
  '{"port":"8080"}',
];

describe('UI benchmark server handshake', () => {
  it('reads the port from the ready line after logger lines that are JSON too', async () => {
    const stream = Readable.from([`${LOGGER_LINES.join('\n')}\n`, formatReadyLine(41234), '{"level":30,"msg":"after"}\n']);
    await expect(readReadyPort(stream)).resolves.toBe(41234);
  });

  it('reads a ready line that arrives in pieces', async () => {
    const stream = new PassThrough();
    const port = readReadyPort(stream);
    const line = formatReadyLine(50001);
    stream.write(`${LOGGER_LINES[0]}\n${line.slice(0, 10)}`);
    stream.write(line.slice(10));
    await expect(port).resolves.toBe(50001);
    stream.end();
  });

  it('rejects, saying so, when the server exits with only log lines written', async () => {
    await expect(readReadyPort(Readable.from([`${LOGGER_LINES.join('\n')}\n`]))).rejects.toThrow('The UI benchmark server exited before it was ready.');
  });

  it('takes no other JSON for the ready line', () => {
    for (const line of LOGGER_LINES) expect(parseReadyLine(line)).toBeNull();
    expect(parseReadyLine('{"cannery":"ui-server-ready","port":0}')).toBeNull();
    expect(parseReadyLine('{"cannery":"ui-server-ready","port":1.5}')).toBeNull();
    expect(parseReadyLine('{"cannery":"ui-server-ready"')).toBeNull();
    expect(parseReadyLine(formatReadyLine(8787).trim())).toBe(8787);
  });

  it('started by hand, without the descriptor named, prints the ready line on stdout', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      announceReady(8787, { [READY_FD_ENV]: undefined });
      expect(write).toHaveBeenCalledWith(formatReadyLine(8787));
    } finally {
      write.mockRestore();
    }
  });
});
