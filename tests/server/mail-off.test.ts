import { beforeEach, describe, expect, it } from 'vitest';
import { createUserPool } from '../../server/identity';
import { json } from './support/bodies';
import { PEOPLE_CLIENT, PEOPLE_POOL, peopleWorld, queuedMail, type PeopleWorld } from './support/people';

/**
 * A deployment that sends no mail on purpose (CANNERY_MAIL=off): nothing is queued that could never
 * be sent, a password sign-in (which starts from a mailed temporary password) is refused with a
 * message saying what to do instead, and the pool issues no reset code nobody would receive.
 */
let w: PeopleWorld;
beforeEach(async () => {
  w = await peopleWorld({ mailDelivery: 'off' });
});

const base = () => `/admin/accounts/${w.world.accountA.id}`;
const problemOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe('inviting where nothing is mailed', () => {
  it('adds a work-account person without queuing mail, and refuses a password sign-in, saying what to do', async () => {
    const work = await w.world.call(w.olive, `${base()}/members`, json('POST', { email: 'wanda@alder.test', name: 'Wanda', teams: [w.world.elections.id], signIn: 'work-account' }));
    expect(work.status).toBe(201);
    expect(await queuedMail(w.database)).toEqual([]);

    const password = await w.world.call(w.olive, `${base()}/members`, json('POST', { email: 'pat@alder.test', name: 'Pat', teams: [w.world.elections.id], signIn: 'password' }));
    expect(password.status).toBe(409);
    expect(await problemOf(password)).toEqual({
      code: 'mail_off',
      message:
        'This server sends no mail, so Cannery cannot send a temporary password. Invite them to sign in with their work account, or ask whoever runs Cannery to create their password sign-in.',
    });
    expect(await w.pool.provisioner.getUser('pat@alder.test')).toBeNull();

    const { _id } = (await work.json()) as { _id: string };
    const resend = await w.world.call(w.olive, `${base()}/members/${_id}/resend-invitation`, { method: 'POST' });
    expect(resend.status).toBe(409);
    expect((await problemOf(resend)).message).toBe('This server sends no mail, so there is no invitation to send again.');
  });

  it('refuses a file of password invitations before reading it', async () => {
    const token = await w.world.cognito.idToken(w.olive.cognitoSub!);
    const response = await w.world.app.request(`/api/admin/accounts/${w.world.accountA.id}/members/import?dryRun=true`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
      body: 'email,name,teams\r\nann@alder.test,Ann,Elections\r\n',
    });
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe('mail_off');
  });
});

describe('the pool where nothing is mailed', () => {
  it('issues no reset code, answering as Cognito does when there is nowhere to send one', async () => {
    const pool = createUserPool({ db: w.database.db, poolId: PEOPLE_POOL, clientId: PEOPLE_CLIENT, issuerBase: 'https://cannery.test/identity', mailOff: true });
    await pool.createUser({ email: 'zed@alder.test', password: 'Correct-Horse-42' });
    const response = await pool.routes.request('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
      body: JSON.stringify({ ClientId: PEOPLE_CLIENT, Username: 'zed@alder.test' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      __type: 'InvalidParameterException',
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    });
    expect(await queuedMail(w.database)).toEqual([]);
  });
});
