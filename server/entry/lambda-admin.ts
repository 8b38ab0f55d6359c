/**
 * The admin CLI (`npm run cannery -- users …`, server/cli/users-command.ts) on AWS Lambda, where nothing
 * else reaches the database: the event carries the arguments, the answer the exit code and what
 * the command printed.
 *
 *   aws lambda invoke --function-name <AdminFunctionName> --cli-binary-format raw-in-base64-out \
 *     --payload '{"argv":["link","--email","dana@example.org","--sub","<sub>"]}' answer.json
 *
 * Invoking it takes the IAM right to invoke this function, which only operators have. What it
 * prints (addresses among it) goes back to the caller only, never to the log.
 */
import { loadConfig } from '../config';
import { applyLambdaSecrets } from './lambda-secrets';
import { openDatabase } from '../db/database';
import { loadIdentityConfig } from '../identity';
import { runAdminCommand } from '../cli/users-command';

// Secrets (the database's, the pool's data key) come from Secrets Manager.
await applyLambdaSecrets(process.env);
const config = loadConfig();
if (!config.databaseUrl) throw new Error('CANNERY_DATABASE_URL is required on Lambda: PGlite keeps data on local disk.');
const identity = loadIdentityConfig();
const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 });

export interface AdminAnswer {
  /** The command's exit code: 0 done, 1 refused, 2 wrong arguments. */
  code: number;
  output: string[];
}

export async function handler(event: unknown): Promise<AdminAnswer> {
  const argv = typeof event === 'object' && event !== null ? (event as { argv?: unknown }).argv : undefined;
  if (!Array.isArray(argv) || argv.length === 0 || argv.length > 40 || !argv.every((arg): arg is string => typeof arg === 'string' && arg.length <= 1000)) {
    return { code: 2, output: ['The event must be {"argv": ["<command>", "<argument>", …]}, the arguments `npm run cannery -- users …` takes.'] };
  }
  const output: string[] = [];
  const code = await runAdminCommand(database.db, identity.poolId, argv, (line) => output.push(line), { dataKey: identity.dataKey });
  return { code, output };
}
