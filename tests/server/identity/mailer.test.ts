import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { createMailer, formatMessage } from '../../../server/identity/mailer';
import { identityOutbox } from '../../../server/identity/schema';
import { resetDatabase, testDatabase } from '../support/database';
import { CLIENT_ID, GOOD_PASSWORD, servePool } from './support';

/** A minimal SMTP server that accepts one conversation at a time and records what it was sent. */
async function fakeSmtp(options: { auth?: boolean; refuseRecipient?: boolean } = {}) {
  const transcripts: Array<{ commands: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    const transcript = { commands: [] as string[], data: '' };
    transcripts.push(transcript);
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
        else if (verb === 'MAIL') socket.write('250 ok\r\n');
        else if (verb === 'RCPT') socket.write(options.refuseRecipient ? '550 no such mailbox\r\n' : '250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('502 unknown\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { port, transcripts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const decodeBody = (data: string) => Buffer.from(data.split('\r\n\r\n')[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8');

let database: Database;
let closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  database = await testDatabase();
});
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

describe('SMTP delivery', () => {
  it('sends a message with headers, a base64 body and AUTH PLAIN when the URL has credentials', async () => {
    const smtp = await fakeSmtp({ auth: true });
    closers.push(smtp.close);
    const mailer = createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: 'Cannery <no-reply@cannery.test>' });
    await mailer.send({ to: 'alice@alder.test', subject: 'Your code', body: 'Your verification code is 123456.' });

    const [transcript] = smtp.transcripts;
    expect(transcript!.commands.map((line) => line.split(' ')[0])).toEqual(['EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA', 'QUIT']);
    expect(Buffer.from(transcript!.commands[1]!.split(' ')[2]!, 'base64').toString()).toBe('\0mailer\0s3cret');
    expect(transcript!.commands[2]).toBe('MAIL FROM:<no-reply@cannery.test>');
    expect(transcript!.commands[3]).toBe('RCPT TO:<alice@alder.test>');
    expect(transcript!.data).toContain('Subject: Your code');
    expect(decodeBody(transcript!.data)).toBe('Your verification code is 123456.');
  });

  it('reports a refused recipient', async () => {
    const smtp = await fakeSmtp({ refuseRecipient: true });
    closers.push(smtp.close);
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'no-reply@cannery.test' });
    await expect(mailer.send({ to: 'ghost@alder.test', subject: 'x', body: 'y' })).rejects.toThrow(/RCPT TO refused: 550/);
  });

  it('refuses line breaks in headers and encodes a non-ASCII subject', () => {
    expect(() => formatMessage('a@b.test', { to: 'x@y.test\r\nBcc: evil@z.test', subject: 's', body: 'b' })).toThrow(/line breaks/);
    expect(formatMessage('a@b.test', { to: 'x@y.test', subject: 'Code für Sie', body: 'b' })).toContain('Subject: =?UTF-8?B?');
  });

  it('delivers the reset code of ForgotPassword and marks the outbox row sent', async () => {
    await resetDatabase(database);
    const smtp = await fakeSmtp();
    closers.push(smtp.close);
    const served = await servePool(database, { mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'no-reply@cannery.test' }) });
    closers.push(() => served.close());
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });

    const response = await served.call('ForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test' });
    expect(response.status).toBe(200);
    await served.pool.idle();

    expect(decodeBody(smtp.transcripts[0]!.data)).toMatch(/verification code is \d{6}/);
    const [row] = await database.db.select().from(identityOutbox);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
  });
});
