/**
 * Cannery scaled out: three real server processes (`server/entry/node.ts`) on one real PostgreSQL
 * (TEST_DATABASE_URL), behind a round-robin load balancer on loopback whose address the servers
 * trust (CANNERY_TRUSTED_PROXIES). What one instance starts, another finishes; limits hold
 * across instances; an instance killed under write load loses no record the client retries.
 * PostgreSQL only: PGlite's data directory belongs to one process.
 *
 * The cases run in order on one cluster: each builds on the users and records before it, and the
 * last one kills an instance.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ApiError } from '../../src/api/client';
import { classifyFailure } from '../../src/tracking/retry-policy';
import { DEMO_ACCOUNT, DEMO_PASSWORD, DEMO_TEAMS, DEMO_USERS } from '../../server/seed/demo-data';
import { newId } from '../../server/db/ids';
import { FAVOURITES_PER_USER } from '../../src/api/contract/favourite';
import { MAILBOXES_PER_ACCOUNT } from '../../src/api/contract/mailbox';
import { MemoryStorage } from './identity/support';
import { roundRobin, type Balancer } from './support/balancer';
import { childEnvironment, freePort, killStarted, scratchDatabases, startServerProcess, withClient, type ServerProcess } from './support/processes';
import { authorized } from './support/sign-in';

const baseUrl = process.env.TEST_DATABASE_URL;
const databases = baseUrl ? scratchDatabases(baseUrl, 'cannery_cluster') : undefined;

const POOL_ID = 'local_cannery';
const CLIENT_ID = 'cannery-app';
const DANA = DEMO_USERS.find((user) => user.email.startsWith('dana@'))!;
const MORGAN = DEMO_USERS.find((user) => user.email.startsWith('morgan@'))!;
const AVERY = DEMO_USERS.find((user) => user.email.startsWith('avery@'))!;

interface Cluster {
  url: string;
  servers: ServerProcess[];
  balancer: Balancer;
}
let cluster: Cluster | undefined;
/** Dana's ID token, from the sign-in case. */
let danaToken = '';
/** An Elections block Dana may record a use of. */
let electionsBlock: { _id: string; name: string; body: string } | undefined;

afterAll(async () => {
  // Every server started, the cluster's or one that came up while another failed.
  killStarted();
  await cluster?.balancer.close();
  await databases?.dropAll();
});

function running(): Cluster {
  if (!cluster) throw new Error('the cluster did not start (see the first case)');
  return cluster;
}

const instanceUrl = (index: number) => `http://127.0.0.1:${running().servers[index]!.port}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- protocol answers are asserted field by field
async function poolCall(base: string, operation: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/identity`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const passwordSignIn = (base: string, username: string, password: string) =>
  poolCall(base, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: username, PASSWORD: password } });

const sentPath = `/api/accounts/${DEMO_ACCOUNT.id}/teams/${DEMO_TEAMS.elections.id}/sentautoresponses`;

function sentRecord(note: string) {
  const block = electionsBlock!;
  return {
    userEmail: DANA.email,
    autoResponseId: block._id,
    autoResponseName: block.name,
    autoResponseContent: block.body,
    account: DEMO_ACCOUNT.id,
    team: DEMO_TEAMS.elections.id,
    timeSent: new Date().toISOString(),
    supportedContexts: ['outlook', 'gmail'],
    contextUsed: 'outlook',
    uiSource: 'search',
    cognitoSub: null,
    microsoftSub: null,
    subjectLine: note,
  };
}

/** The newest reset code mailed to `email`, read from the mail the pool stored (the queue, or the outbox before it). */
async function resetCodeFor(email: string): Promise<string> {
  const url = databaseUrl();
  for (let attempt = 0; attempt < 50; attempt++) {
    const body = await withClient(url, async (client) => {
      const table = (await client.query<{ name: string | null }>("select coalesce(to_regclass('mail_queue'), to_regclass('identity_outbox'))::text as name")).rows[0]?.name;
      if (!table) throw new Error('the database has no mail table');
      const rows = await client.query<{ body: string }>(`select body from ${table} where to_address = $1 order by created_at desc limit 1`, [email]);
      return rows.rows[0]?.body;
    });
    const code = body ? /verification code is (\d+)/.exec(body)?.[1] : undefined;
    if (code) return code;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no reset code was stored');
}

let clusterDatabase = '';
const databaseUrl = () => clusterDatabase;

describe.skipIf(!baseUrl)('three servers on one PostgreSQL behind a load balancer', () => {
  it('start together on an empty database: all come up, one seeds the demo data', { timeout: 90_000 }, async () => {
    clusterDatabase = await databases!.create();
    const dataKey = randomBytes(32).toString('base64');
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const servers = await Promise.all(
      ports.map((port) =>
        startServerProcess(
          childEnvironment({
            CANNERY_DATABASE_URL: clusterDatabase,
            CANNERY_PORT: String(port),
            CANNERY_HTTPS_PORT: '0',
            CANNERY_LOG_LEVEL: 'info',
            CANNERY_SEED: 'demo',
            CANNERY_PUBLIC_ORIGIN: 'https://cannery.test',
            CANNERY_ALLOWED_HOSTS: '127.0.0.1',
            CANNERY_POOL_DATA_KEY: dataKey,
            // The balancer runs on loopback: the servers take the client address from its header.
            CANNERY_TRUSTED_PROXIES: '127.0.0.1',
          }),
        ),
      ),
    );
    cluster = { url: '', servers, balancer: await roundRobin(servers.map((server) => server.port)) };
    cluster.url = cluster.balancer.url;
    for (const server of servers) expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status, server.output()).toBe(200);
    expect(servers.filter((server) => server.output().includes('seeded the demo account'))).toHaveLength(1);
    const users = await withClient(clusterDatabase, (client) => client.query<{ n: string }>('select count(*) as n from identity_users where email = $1', [DANA.email]));
    expect(users.rows[0]?.n).toBe('1');
  });

  it('an SRP sign-in begun on one instance is finished on another (Amplify through the balancer)', async () => {
    const { balancer } = running();
    Amplify.configure({ Auth: { Cognito: { userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, userPoolEndpoint: `${balancer.url}/identity` } } });
    cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
    const from = balancer.served.length;
    const result = await signIn({ username: DANA.email, password: DEMO_PASSWORD });
    expect(result.isSignedIn).toBe(true);
    const steps = balancer.served.slice(from).filter((served) => served.operation);
    const begun = steps.find((served) => served.operation === 'InitiateAuth');
    const finished = steps.find((served) => served.operation === 'RespondToAuthChallenge');
    expect(begun && finished, JSON.stringify(steps)).toBeTruthy();
    expect(finished!.instance).not.toBe(begun!.instance);
    danaToken = (await fetchAuthSession()).tokens?.idToken?.toString() ?? '';
    expect(danaToken).not.toBe('');
    await signOut();
  });

  it('a token issued by one instance is accepted by every instance', async () => {
    for (const index of [0, 1, 2]) {
      const response = await fetch(`${instanceUrl(index)}/api/user-info`, authorized(danaToken));
      expect(response.status, `instance ${index}`).toBe(200);
      expect(await response.json()).toMatchObject({ user: { email: DANA.email } });
    }
  });

  it('an ETag from one instance gives 304 on the others', async () => {
    const path = `/api/accounts/${DEMO_ACCOUNT.id}/autoresponses?teams=${DEMO_TEAMS.elections.id}`;
    const first = await fetch(`${instanceUrl(0)}${path}`, authorized(danaToken));
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const list = (await first.json()) as Array<{ _id: string; name: string; body: string }>;
    electionsBlock = list[0];
    expect(electionsBlock).toBeDefined();
    for (const index of [1, 2]) {
      const again = await fetch(`${instanceUrl(index)}${path}`, authorized(danaToken, { headers: { 'If-None-Match': etag! } }));
      expect(again.status, `instance ${index}`).toBe(304);
    }
  });

  it('one Idempotency-Key sent to every instance at once gives one record', async () => {
    const key = `cluster-once-${randomUUID()}`;
    const body = JSON.stringify(sentRecord('sent to all at once'));
    const send = (index: number) => fetch(`${instanceUrl(index)}${sentPath}`, authorized(danaToken, { method: 'POST', body, headers: { 'Idempotency-Key': key } }));
    const answers = await Promise.all([0, 1, 2, 0, 1, 2].map(async (index) => {
      // A 409 says the first request is still being stored: the outbox retries it.
      for (let attempt = 0; ; attempt++) {
        const response = await send(index);
        if (response.status !== 409 || attempt >= 20) return { status: response.status, id: ((await response.json()) as { _id?: string })._id };
        await new Promise((done) => setTimeout(done, 50));
      }
    }));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    const rows = await withClient(databaseUrl(), (client) => client.query('select id from sent_auto_responses where idempotency_key = $1', [key]));
    expect(rows.rows).toEqual([{ id: answers[0]!.id }]);
  });

  it('favourites starred through every instance at once stop at the cap: only the places left are taken', async () => {
    // Dana gets enough Elections blocks to pass the cap, with all but two places already taken.
    const ids = Array.from({ length: FAVOURITES_PER_USER + 4 }, () => newId());
    await withClient(databaseUrl(), async (client) => {
      const dana = (await client.query<{ id: string }>('select id from users where email = $1 and account_id = $2', [DANA.email, DEMO_ACCOUNT.id])).rows[0];
      if (!dana) throw new Error('Dana has no app user');
      for (const [i, id] of ids.entries()) {
        await client.query('insert into blocks (id, account_id, team_id, name, body) values ($1, $2, $3, $4, $5)', [id, DEMO_ACCOUNT.id, DEMO_TEAMS.elections.id, `Cluster favourite ${i}`, '<p>Kept close.</p>']);
      }
      for (const id of ids.slice(0, FAVOURITES_PER_USER - 2)) {
        await client.query('insert into favourites (user_id, block_id, account_id) values ($1, $2, $3)', [dana.id, id, DEMO_ACCOUNT.id]);
      }
    });
    try {
      const path = `/api/accounts/${DEMO_ACCOUNT.id}/favouriteautoresponses`;
      const rest = ids.slice(FAVOURITES_PER_USER - 2);
      const answers = await Promise.all(
        rest.map(async (id, i) => {
          const response = await fetch(`${instanceUrl(i % 3)}${path}`, authorized(danaToken, { method: 'POST', body: JSON.stringify({ autoResponseId: id }) }));
          return { status: response.status, code: ((await response.json()) as { error?: { code: string } }).error?.code };
        }),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
      expect(answers.filter((answer) => answer.status === 409 && answer.code === 'favourites_full')).toHaveLength(4);
      const list = await fetch(`${instanceUrl(2)}${path}`, authorized(danaToken));
      expect(((await list.json()) as unknown[]).length).toBe(FAVOURITES_PER_USER);
    } finally {
      await withClient(databaseUrl(), (client) => client.query('delete from blocks where id = any($1)', [ids]));
    }
  });

  it('mailboxes mapped through every instance at once stop at the cap, and a member reads the map through any instance', async () => {
    const signedIn = await passwordSignIn(instanceUrl(1), MORGAN.email, DEMO_PASSWORD);
    const morganToken = String(signedIn.body.AuthenticationResult?.IdToken ?? '');
    expect(morganToken, JSON.stringify(signedIn.body)).not.toBe('');
    // All but two places taken.
    await withClient(databaseUrl(), (client) =>
      client.query('insert into mailbox_teams (account_id, address, team_id) select $1, $2 || n || $3, $4 from generate_series(1, $5) as n', [
        DEMO_ACCOUNT.id,
        'cluster-filler-',
        '@aldercounty.example',
        DEMO_TEAMS.recorder.id,
        MAILBOXES_PER_ACCOUNT - 2,
      ]),
    );
    try {
      const addresses = Array.from({ length: 6 }, (_, i) => `cluster-box-${i}@aldercounty.example`);
      const answers = await Promise.all(
        addresses.map((address, i) =>
          fetch(`${instanceUrl(i % 3)}/api/admin/accounts/${DEMO_ACCOUNT.id}/mailboxes/${address}`, authorized(morganToken, { method: 'PUT', body: JSON.stringify({ teamId: DEMO_TEAMS.elections.id }) })),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(4);
      const mapped = addresses.filter((_, i) => statuses[i] === 200);
      // Dana works for Elections: every instance tells her the two Elections mailboxes, and no filler of Recorder.
      for (const index of [0, 1, 2]) {
        const list = (await (await fetch(`${instanceUrl(index)}/api/accounts/${DEMO_ACCOUNT.id}/mailboxes`, authorized(danaToken))).json()) as Array<{ address: string }>;
        expect(list.map((entry) => entry.address).filter((address) => address.startsWith('cluster-')).sort()).toEqual(mapped.sort());
      }
    } finally {
      await withClient(databaseUrl(), (client) => client.query("delete from mailbox_teams where address like 'cluster-%'"));
    }
  });

  it('one shortcut saved on two blocks through two instances at once: one block gets it, the other is told which block has it', async () => {
    const signedIn = await passwordSignIn(instanceUrl(0), MORGAN.email, DEMO_PASSWORD);
    const morganToken = String(signedIn.body.AuthenticationResult?.IdToken ?? '');
    expect(morganToken, JSON.stringify(signedIn.body)).not.toBe('');
    const shortcut = `;c${randomBytes(4).toString('hex')}`;
    const path = `/api/admin/accounts/${DEMO_ACCOUNT.id}/teams/${DEMO_TEAMS.elections.id}/blocks`;
    const save = (index: number, name: string) =>
      fetch(`${instanceUrl(index)}${path}`, authorized(morganToken, { method: 'POST', body: JSON.stringify({ name, body: '<p>Either one.</p>', categories: [], supportedContexts: ['outlook'], shortcut }) }));
    const answers = await Promise.all([save(0, 'Cluster shortcut A'), save(1, 'Cluster shortcut B')]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ name?: string; shortcut?: string; error?: { code: string; message: string } }>;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.toSorted(), JSON.stringify(bodies)).toEqual([201, 409]);
    const kept = bodies[statuses.indexOf(201)]!;
    expect(kept.shortcut).toBe(shortcut);
    expect(bodies[statuses.indexOf(409)]!.error).toEqual({
      code: 'shortcut_taken',
      message: `The shortcut ${shortcut} is already used by the block "${kept.name ?? ''}". Choose another shortcut.`,
    });
  });

  it('a reset code requested on one instance is confirmed on another, and the new password signs in on a third', async () => {
    const asked = await poolCall(instanceUrl(0), 'ForgotPassword', { ClientId: CLIENT_ID, Username: AVERY.email });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const code = await resetCodeFor(AVERY.email);
    const newPassword = 'Cluster-Reset-2026!';
    const confirmed = await poolCall(instanceUrl(1), 'ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: AVERY.email, ConfirmationCode: code, Password: newPassword });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // Avery signs in with an authenticator: the new password is taken, and the code is asked for.
    const signedIn = await passwordSignIn(instanceUrl(2), AVERY.email, newPassword);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const old = await passwordSignIn(instanceUrl(0), AVERY.email, DEMO_PASSWORD);
    expect(old.body.message).toBe('Incorrect username or password.');
  });

  it('five failures spread over the instances lock the user, and an unknown user answers the same way', async () => {
    const { balancer } = running();
    const attempts = async (username: string, rightPassword: string) => {
      const from = balancer.served.length;
      const answers: Array<{ status: number; type: string; message: string }> = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await passwordSignIn(balancer.url, username, `Wrong-Password-${attempt}!`);
        answers.push({ status: answer.status, type: String(answer.body.__type), message: String(answer.body.message) });
      }
      // The sixth, with the right password (for the real user), meets the lock.
      const sixth = await passwordSignIn(balancer.url, username, rightPassword);
      answers.push({ status: sixth.status, type: String(sixth.body.__type), message: String(sixth.body.message) });
      return { answers, instances: new Set(balancer.served.slice(from).map((served) => served.instance)) };
    };
    // Each caller its own address, as clients behind the balancer are: no per-address cap is near.
    balancer.clientAddress = '203.0.113.10';
    const known = await attempts(MORGAN.email, DEMO_PASSWORD);
    balancer.clientAddress = '203.0.113.11';
    const unknown = await attempts(`nobody-${randomBytes(3).toString('hex')}@aldercounty.example`, DEMO_PASSWORD);
    balancer.clientAddress = undefined;

    expect(known.instances.size).toBe(3);
    expect(unknown.instances.size).toBe(3);
    const failed = { status: 400, type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    const locked = { status: 400, type: 'NotAuthorizedException', message: 'Password attempts exceeded' };
    expect(known.answers).toEqual([failed, failed, failed, failed, failed, locked]);
    expect(unknown.answers).toEqual(known.answers);
  });

  it('an instance killed with SIGKILL under a 50-connection write load: the retrying client loses no record and none is written twice', { timeout: 60_000 }, async () => {
    const { balancer, servers } = running();
    const RECORDS = 400;
    const CONNECTIONS = 50;
    const KILL_AFTER = 80;
    const keys = Array.from({ length: RECORDS }, (_, index) => `cluster-load-${index}-${randomUUID()}`);
    const acknowledged = new Map<string, string>();
    const failures = { network: 0, status: new Map<number, number>() };
    const deadline = Date.now() + 45_000;
    let nextRecord = 0;
    let killed: ServerProcess | undefined;

    /** Sends one record as the app's outbox does: same key every attempt, retried until the server keeps it. */
    const deliver = async (key: string) => {
      const body = JSON.stringify(sentRecord(key));
      for (;;) {
        if (Date.now() > deadline) throw new Error(`record ${key} was not delivered in time`);
        let failure: unknown;
        try {
          const response = await fetch(`${balancer.url}${sentPath}`, authorized(danaToken, { method: 'POST', body, headers: { 'Idempotency-Key': key } }));
          const answer = (await response.json().catch(() => ({}))) as { _id?: string; code?: string; message?: string };
          if (response.ok && answer._id) {
            acknowledged.set(key, answer._id);
            return;
          }
          if (response.ok) {
            // The answer was cut off (its instance died while sending it): as lost as a network error.
            failures.network += 1;
            failure = new Error('the answer was cut off');
          } else {
            failures.status.set(response.status, (failures.status.get(response.status) ?? 0) + 1);
            failure = new ApiError(response.status, answer.code ?? 'unknown', answer.message ?? '');
          }
        } catch (error) {
          failures.network += 1;
          failure = error;
        }
        // What the app's outbox does with this failure; its backoff is shortened to keep the test brief.
        if (classifyFailure(failure) === 'drop') throw new Error(`record ${key} was refused: ${String(failure)}`);
        await new Promise((done) => setTimeout(done, 20 + Math.random() * 80));
      }
    };

    const worker = async () => {
      while (nextRecord < RECORDS) {
        const key = keys[nextRecord++]!;
        await deliver(key);
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = servers[2]!;
          killed.child.kill('SIGKILL');
        }
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const seconds = (Date.now() - started) / 1000;

    expect(killed).toBeDefined();
    expect(await killed!.exited).toBeNull();
    // The kill was felt: requests in flight on the killed instance failed and were sent again.
    expect(failures.network + [...failures.status.values()].reduce((sum, count) => sum + count, 0), JSON.stringify({ ...failures, status: [...failures.status] })).toBeGreaterThan(0);
    expect(acknowledged.size).toBe(RECORDS);
    const rows = await withClient(databaseUrl(), (client) =>
      client.query<{ id: string; idempotency_key: string }>("select id, idempotency_key from sent_auto_responses where idempotency_key like 'cluster-load-%'"),
    );
    expect(rows.rows).toHaveLength(RECORDS);
    expect(new Set(rows.rows.map((row) => row.idempotency_key)).size).toBe(RECORDS);
    // Every acknowledgement names the one row of its key.
    for (const row of rows.rows) expect(acknowledged.get(row.idempotency_key)).toBe(row.id);
    console.info(`cluster load: ${RECORDS} records over ${CONNECTIONS} connections in ${seconds.toFixed(1)} s, an instance killed after ${KILL_AFTER}; failed attempts retried: ${JSON.stringify({ network: failures.network, status: Object.fromEntries(failures.status) })}`);
  });
});
