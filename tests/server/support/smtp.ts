import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SmtpTranscript {
  commands: string[];
  /** The message as sent after DATA (headers and body), when one was accepted. */
  data: string;
}

export interface FakeSmtpOptions {
  /** Offers AUTH PLAIN and accepts any credentials. */
  auth?: boolean;
  /** The reply to RCPT TO, by the number of conversations so far (1 for the first); default `250 ok`. */
  rcpt?: (conversation: number) => string;
}

/**
 * A small SMTP server on a loopback port, speaking enough of RFC 5321 for nodemailer: EHLO,
 * AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT. It records every conversation.
 */
export async function fakeSmtp(options: FakeSmtpOptions = {}) {
  const transcripts: SmtpTranscript[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const transcript: SmtpTranscript = { commands: [], data: '' };
    transcripts.push(transcript);
    const conversation = transcripts.length;
    let buffer = '';
    let inData = false;
    socket.write('220 fake.smtp.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          transcript.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        transcript.commands.push(line);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write(`250-fake.smtp.test\r\n${options.auth ? '250-AUTH PLAIN\r\n' : ''}250 8BITMIME\r\n`);
        else if (verb === 'AUTH') socket.write('235 ok\r\n');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else if (verb === 'RCPT') socket.write(`${options.rcpt?.(conversation) ?? '250 ok'}\r\n`);
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 unknown\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    transcripts,
    /** The messages accepted, as sent. */
    delivered: () => transcripts.filter((transcript) => transcript.data !== '').map((transcript) => transcript.data),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
