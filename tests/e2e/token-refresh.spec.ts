import { expect, test, type Page } from '@playwright/test';
import { STAND_IN_ACCOUNTS } from '../../server/sso/stand-in';
import { SHORT_TOKENS } from './support/servers';
import { e2eUserFor } from './support/users';
import { besideOutbox, pane, signInAtStandIn, submitLogin } from './support/sign-in';

/**
 * Token refresh with the real server, on the suite's second server whose ID tokens live 70 s
 * (rules §4, §9: the ID token is refreshed 60 s before it expires; rules §8: a session that can no
 * longer be renewed signs the user out). Each test waits for real token expiry, so each takes
 * about a minute and a half.
 */

test.use({ baseURL: SHORT_TOKENS.url });
test.describe.configure({ timeout: 150_000 });

const sam = STAND_IN_ACCOUNTS[0]!;
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  await submitLogin(page, email, password);
  // Quick Tips at the device's first sign-in, Home after.
  await expect(pane(page).getByRole('heading', { name: 'Quick Tips' }).or(pane(page).getByRole('heading', { name: 'Blocks' }))).toBeVisible();
}

async function logInWithWorkAccount(page: Page) {
  await page.goto('/#/login');
  const opening = page.waitForEvent('popup');
  await pane(page).getByRole('button', { name: 'Sign in with your work account' }).click();
  const popup = await opening;
  await signInAtStandIn(popup, sam.email);
  await expect(pane(page).getByRole('heading', { name: 'Quick Tips' }).or(pane(page).getByRole('heading', { name: 'Blocks' }))).toBeVisible();
}

/** The ID token the app holds in its storage: Amplify's for a password sign-in, the spec's key for SSO. */
function storedIdToken(page: Page, source: 'pool' | 'work-account'): Promise<string | null> {
  return page.evaluate((kind) => {
    const key = Object.keys(localStorage).find((name) =>
      kind === 'pool' ? name.includes('CognitoIdentityServiceProvider') && name.endsWith('.idToken') : name.endsWith('microsoftIdToken'),
    );
    return key ? localStorage.getItem(key) : null;
  }, source);
}

const expiryOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp * 1000;

/**
 * Renewed well before expiry, then, once the first token is dead for the API too, the app opened
 * again calls the API with the renewed token and stays signed in.
 */
async function expectRenewedAcrossExpiry(page: Page, source: 'pool' | 'work-account') {
  const first = (await storedIdToken(page, source))!;
  expect(first).toBeTruthy();
  // 70 s tokens are renewed 60 s before they expire: about 10 s after they were issued.
  await expect.poll(() => storedIdToken(page, source), { timeout: 30_000 }).not.toBe(first);

  await page.waitForTimeout(Math.max(0, expiryOf(first) + (SHORT_TOKENS.clockToleranceSeconds + 2) * 1000 - Date.now()));
  const withFirst = await page.request.get('/api/user-info', { headers: { Authorization: `Bearer ${first}` } });
  expect(withFirst.status()).toBe(401);

  await page.goto('/#/home');
  const lookup = page.waitForResponse((response) => response.url().endsWith('/api/user-info'));
  await page.reload();
  const response = await lookup;
  expect(response.status()).toBe(200);
  expect(response.request().headers().authorization).not.toBe(`Bearer ${first}`);
  await expect(pane(page).getByRole('heading', { name: 'Blocks' })).toBeVisible();
}

test('a password sign-in stays signed in across the expiry of its first ID token', async ({ page }, testInfo) => {
  const user = e2eUserFor('refresh', testInfo);
  await logIn(page, user.email, user.password);
  await expectRenewedAcrossExpiry(page, 'pool');
});

test('a work-account sign-in stays signed in across the expiry of its first ID token', async ({ page }) => {
  await logInWithWorkAccount(page);
  await expectRenewedAcrossExpiry(page, 'work-account');
});

test('a password sign-in whose refresh tokens were revoked is signed out at the next refresh', async ({ page, request }, testInfo) => {
  const user = e2eUserFor('revoked', testInfo);
  await logIn(page, user.email, user.password);

  // The same user signs out everywhere from another device (GlobalSignOut revokes every refresh token).
  const call = async (operation: string, body: object) => {
    const response = await request.post('/identity', {
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
      data: JSON.stringify(body),
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { AuthenticationResult?: { AccessToken: string } };
  };
  const elsewhere = await call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: 'cannery-app',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  await call('GlobalSignOut', { AccessToken: elsewhere.AuthenticationResult!.AccessToken });

  await expect(page).toHaveURL(/#\/login$/, { timeout: 30_000 });
  await expect(pane(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await storedIdToken(page, 'pool')).toBeNull();
});

test('a work-account sign-in whose refresh token the provider revoked is signed out at the next refresh', async ({ page, request }) => {
  await logInWithWorkAccount(page);
  const refreshToken = await page.evaluate(() => localStorage.getItem('cannery:microsoftRefreshToken'));
  const discovery = (await (await request.get('/sso-stand-in/.well-known/openid-configuration')).json()) as { revocation_endpoint: string };
  const revoked = await request.post(discovery.revocation_endpoint, {
    form: { token: refreshToken!, token_type_hint: 'refresh_token', client_id: 'cannery-app' },
  });
  expect(revoked.status()).toBe(200);

  await expect(page).toHaveURL(/#\/login$/, { timeout: 30_000 });
  await expect(pane(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(besideOutbox(await page.evaluate(() => Object.keys(localStorage)))).toEqual([]);
});
