/**
 * The mail queue for operators (`npm run cannery -- mail <command>`):
 *
 *   status        how many messages are pending, sent, dead and expired, the oldest one waiting,
 *                 and the newest dead ones (id, kind, masked recipient, tries, the server's reason)
 *   retry <id>    explains why a dead message cannot be sent again: its body went when it died
 *   send          sends what is due now and exits (CANNERY_SMTP_URL must be set): a scheduled job, or the
 *                 queue's only worker where no server runs one
 *
 * Uses the server's database settings (CANNERY_DATABASE_URL or CANNERY_DATA_DIR). With the embedded
 * database, stop the server first: PGlite opens its data directory from one process at a time.
 */
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/database';
import { createLogger } from '../logger';
import { readSetting } from '../settings/load';
import { loadMailConfig } from '../mail/config';
import { mailQueueStatus } from '../mail/queue';
import { createMailTransport } from '../mail/transport';
import { MailWorker } from '../mail/worker';

const USAGE = `Usage: npm run cannery -- mail status | retry <id> | send`;

/** `alice@example.org` → `a***@example.org`: enough for an operator to tell messages apart. */
const maskAddress = (address: string) => address.replace(/^(.)[^@]*/, '$1***');

/** One line of the SMTP server's reason, without control characters, at most 200 characters. */
// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const oneLine = (text: string | null) => (text ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 200);

export async function runMailCommand(db: Db, args: string[], print: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, target, ...rest] = args;
  if (command === 'status' && target === undefined) {
    const status = await mailQueueStatus(db);
    const { counts } = status;
    print(`pending ${counts.pending} · sent ${counts.sent} · dead ${counts.dead} · expired ${counts.expired}`);
    print(status.oldestPendingAt ? `oldest waiting since ${status.oldestPendingAt.toISOString()}` : 'nothing waiting');
    for (const dead of status.dead) {
      print(`dead ${dead.id} ${dead.kind} to ${maskAddress(dead.toAddress)}, ${dead.attempts} tries, queued ${dead.createdAt.toISOString()}: ${oneLine(dead.lastError)}`);
    }
    return 0;
  }
  if (command === 'retry' && target !== undefined && rest.length === 0) {
    // A message keeps no body once dead: it may have held a temporary password or a code.
    print('A dead message keeps no body (it may have held a password or a code), so it cannot be sent again.');
    print('Once mail is working (npm run cannery -- mail send), resend the invitation from People, or ask for a new reset code.');
    return 1;
  }
  if (command === 'send' && target === undefined) {
    const mail = loadMailConfig(env);
    if (!mail.smtpUrl) {
      print('CANNERY_SMTP_URL is not set: there is nowhere to send mail.');
      return 1;
    }
    const worker = new MailWorker({
      db,
      transport: createMailTransport({ smtpUrl: mail.smtpUrl, from: mail.from }),
      logger: createLogger(readSetting(env, 'CANNERY_LOG_LEVEL')),
      maxAttempts: mail.maxAttempts,
      retrySeconds: mail.retrySeconds,
    });
    const pass = await worker.drain(Date.now() + 5 * 60 * 1000);
    await worker.stop(Date.now());
    print(`sent ${pass.sent} · to retry ${pass.retried} · dead ${pass.dead} · expired ${pass.expired}`);
    return 0;
  }
  print(USAGE);
  return 2;
}

/** Opens the configured database and runs one command; returns the exit code. */
export async function runMail(argv: string[]): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    return await runMailCommand(database.db, argv, (line) => console.log(line));
  } finally {
    await database.close();
  }
}

