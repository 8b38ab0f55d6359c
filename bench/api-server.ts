/**
 * The server under load for the API benchmark, in its own process so the load generator does not
 * share its event loop: an account with 5,000 blocks in 10 teams, a user in two of them, and an
 * ID token for that user. Prints `{ port, token, path }` as one JSON line when ready.
 * Usage: tsx bench/api-server.ts [postgres-url]
 */
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { createApp } from '../server/app';
import { createTokenVerifier } from '../server/auth/verifier';
import { openDatabase } from '../server/db/database';
import { accounts, blocks, teams, users } from '../server/db/schema';
import { createRandom } from './random';

const TEAMS = 10;
const BLOCKS = 5_000;
const ISSUER = 'https://bench.issuer.test/pool';
const AUDIENCE = 'bench-client';

const hexId = (prefix: string, n: number) => prefix + n.toString(16).padStart(24 - prefix.length, '0');
const WORDS = 'ballot voter registration deadline county clerk recorder deed property marriage license certificate election office hours fee mail vote center provisional signature envelope record copy certified document'.split(' ');

const database = await openDatabase(process.argv[2] ? { url: process.argv[2], poolSize: 10 } : { dataDir: 'memory://' });
await database.migrate();
const { db } = database;
const accountId = hexId('a', 1);
await db.insert(accounts).values({ id: accountId, name: 'Bench County' });
const teamIds = Array.from({ length: TEAMS }, (_, i) => hexId('b', i + 1));
await db.insert(teams).values(teamIds.map((id, i) => ({ id, accountId, name: `Team ${i + 1}` })));
const random = createRandom(7);
const rows = Array.from({ length: BLOCKS }, (_, i) => {
  const words = Array.from({ length: random.int(30, 150) }, () => random.pick(WORDS)).join(' ');
  return {
    id: hexId('c', i + 1),
    accountId,
    teamId: teamIds[i % TEAMS]!,
    name: `Block ${i + 1} ${WORDS[i % WORDS.length]}`,
    body: `<p>${words}.</p>`,
    categories: i % 3 === 0 ? [] : [`Category ${i % 7}`],
    supportedContexts: ['outlook', 'gmail', 'text_input'],
  };
});
for (let start = 0; start < rows.length; start += 500) await db.insert(blocks).values(rows.slice(start, start + 500));
await db.insert(users).values({ id: hexId('d', 1), accountId, email: 'bench@county.test', teams: teamIds.slice(0, 2), cognitoSub: 'bench-user' });

const { privateKey, publicKey } = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({ token_use: 'id' })
  .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
  .setIssuer(ISSUER)
  .setAudience(AUDIENCE)
  .setSubject('bench-user')
  .setIssuedAt(now)
  .setExpirationTime(now + 3600)
  .sign(privateKey);

const app = createApp({
  services: {
    database,
    logger: pino({ level: 'silent' }),
    verifyIdToken: createTokenVerifier([{ kind: 'cognito', issuer: ISSUER, audience: [AUDIENCE], jwks: { keys: [jwk] } }]),
    allowedOrigins: [],
    clientConfig: { userPool: { poolId: 'local_bench', clientId: AUDIENCE, endpoint: null }, sso: null },
  },
  // The load generator is one caller making thousands of requests: measure the API, not the limiter.
  rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  const path = `/api/accounts/${accountId}/autoresponses?teams=${teamIds.slice(0, 2).join(',')}`;
  process.stdout.write(`${JSON.stringify({ port: info.port, token, path, blocks: BLOCKS / TEAMS * 2 })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void database.close().then(() => process.exit(0));
});
