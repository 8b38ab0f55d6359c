/**
 * An in-memory user pool behind the app's `UserPoolClient` interface, answering as the identity
 * service does (Cognito's error names and messages), so screens meet the same failures they meet
 * in production. Tests add accounts with `makeAccount`, make a call fail with `failNext`, and hold
 * a call open with `hold` to look at the waiting state.
 */
import type {
  MfaPolicy,
  MfaSettings,
  PoolSession,
  PoolUser,
  RememberedDevice,
  SignInStep,
  TotpSetup,
  UserPoolClient,
} from '../../../src/auth/user-pool';
import { unsignedJwt } from './unsigned-jwt';

export interface FakeAccount {
  email: string;
  password: string;
  /** `FORCE_CHANGE_PASSWORD`: created by an admin with a temporary password. */
  status: 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';
  /** A sign-in step the pool asks for after the password, e.g. 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'. */
  challenge: string | null;
  enabled: boolean;
  /** The code last emailed by `resetPassword`. */
  resetCode: string | null;
  sub: string;
  /** The account's authenticator app is on: sign-in asks for a code (`FAKE_TOTP_CODE`). */
  authenticator: boolean;
  /** The organisation's rule for a second factor. */
  mfaPolicy: MfaPolicy;
  /** Devices the pool remembers for this account. */
  devices: RememberedDevice[];
  /** The display name (`name` attribute), when set: ID tokens then carry it (unsigned JWTs). */
  name?: string;
}

/** The code the fake's authenticator app shows; any other is refused as the pool refuses it. */
export const FAKE_TOTP_CODE = '314159';
export const FAKE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The name a Chromium browser on Linux gives its device. */
export const FAKE_DEVICE_NAME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let accountSerial = 0;

export function makeAccount(overrides: Partial<FakeAccount> = {}): FakeAccount {
  accountSerial += 1;
  return {
    email: `clerk-${accountSerial}@example.gov`,
    password: 'Correct-Horse-42!',
    status: 'CONFIRMED',
    challenge: null,
    enabled: true,
    resetCode: null,
    sub: `sub-${accountSerial}`,
    authenticator: false,
    mfaPolicy: 'optional',
    devices: [],
    ...overrides,
  };
}

/** An error as Amplify throws it: the identity service's type as `name`, its text as `message`. */
export function poolError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

export const POOL_MESSAGES = {
  badCredentials: 'Incorrect username or password.',
  userNotFound: 'Username/client id combination not found.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  totpMismatch: 'Invalid code received for user',
  /** After `LOCK_AFTER_FAILURES` wrong passwords, as the built-in pool and Cognito say it. */
  locked: 'Password attempts exceeded',
  policy: 'Password does not conform to policy: Password must have uppercase characters',
} as const;

/** Wrong passwords after which the pool pauses an account (server/identity/limits.ts). */
export const LOCK_AFTER_FAILURES = 5;

/** The pool's password policy (rules §5): 12+ chars with a digit, a symbol, upper and lower case. */
function meetsPolicy(password: string): boolean {
  return password.length >= 12 && /\d/.test(password) && /[^\w\s]/.test(password) && /[A-Z]/.test(password) && /[a-z]/.test(password);
}

type Method = keyof UserPoolClient;

/** The email an ID token of this fake names; the fake API reads it to find the Cannery user. */
export function emailOfIdToken(idToken: string): string | null {
  const match = /^fake-id\.(.+)\.\d+$/.exec(idToken);
  if (match) return match[1] ?? null;
  // A JWT-shaped token (the fake work-account provider's): its payload names the email.
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
}

export class FakeUserPool implements UserPoolClient {
  readonly accounts = new Map<string, FakeAccount>();
  /** The signed-in account's tokens, as Amplify's token store would hold them. */
  current: { email: string; session: PoolSession } | null = null;
  tokenLifetimeMs = 3_600_000;
  readonly calls: Array<{ method: Method; input?: unknown }> = [];
  private pendingNewPassword: string | null = null;
  /** The account whose sign-in waits for a code, and whether it is setting up its app. */
  private pendingCode: { email: string; setup: boolean } | null = null;
  /** An authenticator being set up from settings, waiting for its first code. */
  private settingsSetup: string | null = null;
  /** The device key this browser holds, per account (as Amplify keeps it after a remembered sign-in). */
  private readonly deviceKeys = new Map<string, string>();
  private deviceSerial = 0;
  private tokenSerial = 0;
  private readonly failures = new Map<Method, Error>();
  private readonly holds = new Map<Method, Promise<void>>();

  constructor(...accounts: FakeAccount[]) {
    for (const account of accounts) this.accounts.set(account.email, account);
  }

  /** Makes the next call of `method` reject with `error`. */
  failNext(method: Method, error: Error): void {
    this.failures.set(method, error);
  }

  /** Holds the next calls of `method` until the returned function is called. */
  hold(method: Method): () => void {
    let release!: () => void;
    this.holds.set(method, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.holds.delete(method);
      release();
    };
  }

  /** Starts the test with `account` already signed in (tokens in storage from an earlier visit). */
  signInDirectly(account: FakeAccount, expiresAt?: number): PoolSession {
    const session = this.newSession(account.email, expiresAt);
    this.current = { email: account.email, session };
    return session;
  }

  callsOf(method: Method): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.input);
  }

  private newSession(email: string, expiresAt = Date.now() + this.tokenLifetimeMs): PoolSession {
    this.tokenSerial += 1;
    const account = this.accounts.get(email);
    // With a name, a JWT-shaped token that carries it (as the pool's do), still naming the email.
    if (account?.name) {
      const idToken = unsignedJwt({ sub: account.sub, email, name: account.name, exp: Math.floor(expiresAt / 1000), jti: String(this.tokenSerial) });
      return { idToken, expiresAt };
    }
    return { idToken: `fake-id.${email}.${this.tokenSerial}`, expiresAt };
  }

  private async enter(method: Method, input?: unknown): Promise<void> {
    this.calls.push({ method, input });
    await this.holds.get(method);
    const failure = this.failures.get(method);
    if (failure) {
      this.failures.delete(method);
      throw failure;
    }
  }

  private passwordStep(account: FakeAccount): SignInStep {
    if (account.challenge) return { kind: 'challenge', signInStep: account.challenge };
    if (account.mfaPolicy !== 'off') {
      const remembered = account.devices.some((device) => device.id === this.deviceKeys.get(account.email));
      if (account.authenticator && !remembered) {
        this.pendingCode = { email: account.email, setup: false };
        return { kind: 'totp-code' };
      }
      if (account.mfaPolicy === 'required' && !account.authenticator) {
        this.pendingCode = { email: account.email, setup: true };
        return { kind: 'totp-setup', setup: this.setupFor(account) };
      }
    }
    this.current = { email: account.email, session: this.newSession(account.email) };
    return { kind: 'done' };
  }

  private setupFor(account: FakeAccount): TotpSetup {
    return { secret: FAKE_TOTP_SECRET, uri: `otpauth://totp/Cannery:${encodeURIComponent(account.email)}?secret=${FAKE_TOTP_SECRET}&issuer=Cannery` };
  }

  private signedInAccount(): FakeAccount {
    const account = this.current ? this.accounts.get(this.current.email) : undefined;
    if (!account) throw poolError('NotAuthorizedException', 'Access Token has been revoked');
    return account;
  }

  async confirmSignInWithCode(input: { code: string }): Promise<SignInStep> {
    await this.enter('confirmSignInWithCode', input);
    const account = this.pendingCode ? this.accounts.get(this.pendingCode.email) : undefined;
    if (!account || !this.pendingCode) throw poolError('SignInException', 'An error occurred during the sign in process.');
    if (input.code !== FAKE_TOTP_CODE) throw poolError('CodeMismatchException', POOL_MESSAGES.totpMismatch);
    if (this.pendingCode.setup) account.authenticator = true;
    this.pendingCode = null;
    this.current = { email: account.email, session: this.newSession(account.email) };
    return { kind: 'done' };
  }

  async rememberDevice(): Promise<void> {
    await this.enter('rememberDevice');
    const account = this.signedInAccount();
    this.deviceSerial += 1;
    const device = { id: `local_device-${this.deviceSerial}`, name: FAKE_DEVICE_NAME, lastSignInAt: Date.now() };
    account.devices.push(device);
    this.deviceKeys.set(account.email, device.id);
  }

  async fetchMfaSettings(): Promise<MfaSettings> {
    await this.enter('fetchMfaSettings');
    const account = this.signedInAccount();
    return { authenticator: account.authenticator, policy: account.mfaPolicy };
  }

  async setUpAuthenticator(): Promise<TotpSetup> {
    await this.enter('setUpAuthenticator');
    const account = this.signedInAccount();
    if (account.mfaPolicy === 'off') throw poolError('InvalidParameterException', 'Multi-factor sign-in is turned off for your account.');
    this.settingsSetup = account.email;
    return this.setupFor(account);
  }

  async turnOnAuthenticator(input: { code: string }): Promise<void> {
    await this.enter('turnOnAuthenticator', input);
    const account = this.signedInAccount();
    if (this.settingsSetup !== account.email) throw poolError('EnableSoftwareTokenMFAException', 'Software token MFA has not been set up for this user.');
    if (input.code !== FAKE_TOTP_CODE) throw poolError('CodeMismatchException', POOL_MESSAGES.totpMismatch);
    this.settingsSetup = null;
    account.authenticator = true;
  }

  async turnOffAuthenticator(): Promise<void> {
    await this.enter('turnOffAuthenticator');
    const account = this.signedInAccount();
    if (account.mfaPolicy === 'required') throw poolError('InvalidParameterException', 'Your organisation requires multi-factor sign-in.');
    account.authenticator = false;
  }

  async fetchRememberedDevices(): Promise<RememberedDevice[]> {
    await this.enter('fetchRememberedDevices');
    return [...this.signedInAccount().devices];
  }

  async forgetDevice(id: string): Promise<void> {
    await this.enter('forgetDevice', id);
    const account = this.signedInAccount();
    if (!account.devices.some((device) => device.id === id)) throw poolError('ResourceNotFoundException', 'Device does not exist.');
    account.devices = account.devices.filter((device) => device.id !== id);
    if (this.deviceKeys.get(account.email) === id) this.deviceKeys.delete(account.email);
  }

  /** Wrong passwords per username; at `LOCK_AFTER_FAILURES` the account is paused, as the pool does. */
  private readonly wrongPasswords = new Map<string, number>();

  async signIn(input: { username: string; password: string }): Promise<SignInStep> {
    await this.enter('signIn', input);
    const account = this.accounts.get(input.username);
    if ((this.wrongPasswords.get(input.username) ?? 0) >= LOCK_AFTER_FAILURES) throw poolError('NotAuthorizedException', POOL_MESSAGES.locked);
    if (!account || account.password !== input.password) {
      this.wrongPasswords.set(input.username, (this.wrongPasswords.get(input.username) ?? 0) + 1);
      throw poolError('NotAuthorizedException', POOL_MESSAGES.badCredentials);
    }
    if (!account.enabled) throw poolError('NotAuthorizedException', 'User is disabled.');
    if (account.status === 'FORCE_CHANGE_PASSWORD') {
      this.pendingNewPassword = account.email;
      return { kind: 'new-password-required' };
    }
    return this.passwordStep(account);
  }

  async confirmSignIn(input: { newPassword: string }): Promise<SignInStep> {
    await this.enter('confirmSignIn', input);
    const account = this.pendingNewPassword ? this.accounts.get(this.pendingNewPassword) : undefined;
    if (!account) throw poolError('SignInException', 'An error occurred during the sign in process.');
    if (!meetsPolicy(input.newPassword)) throw poolError('InvalidPasswordException', POOL_MESSAGES.policy);
    account.password = input.newPassword;
    account.status = 'CONFIRMED';
    this.pendingNewPassword = null;
    return this.passwordStep(account);
  }

  async signOut(): Promise<void> {
    await this.enter('signOut');
    this.current = null;
  }

  async fetchAuthSession(options: { forceRefresh?: boolean } = {}): Promise<PoolSession | null> {
    await this.enter('fetchAuthSession', options);
    if (!this.current) return null;
    const account = this.accounts.get(this.current.email);
    const expired = this.current.session.expiresAt <= Date.now();
    if (options.forceRefresh || expired) {
      // As Amplify: a refresh the pool refuses (user disabled or deleted) drops the tokens, no error.
      if (!account?.enabled) {
        this.current = null;
        return null;
      }
      this.current = { email: this.current.email, session: this.newSession(this.current.email) };
    }
    return this.current.session;
  }

  async updateDisplayName(input: { name: string }): Promise<void> {
    await this.enter('updateDisplayName', input);
    const account = this.current ? this.accounts.get(this.current.email) : undefined;
    if (!account) throw poolError('NotAuthorizedException', 'Access Token has been revoked');
    const name = input.name.trim();
    if (name.length > 2048) throw poolError('InvalidParameterException', 'user.name: String must be no longer than 2048 characters');
    if (name) account.name = name;
    else delete account.name;
  }

  async updatePassword(input: { oldPassword: string; newPassword: string }): Promise<void> {
    await this.enter('updatePassword', input);
    const account = this.current ? this.accounts.get(this.current.email) : undefined;
    if (!account) throw poolError('NotAuthorizedException', 'Access Token has been revoked');
    if (account.password !== input.oldPassword) throw poolError('NotAuthorizedException', POOL_MESSAGES.badCredentials);
    if (!meetsPolicy(input.newPassword)) throw poolError('InvalidPasswordException', POOL_MESSAGES.policy);
    account.password = input.newPassword;
  }

  async resetPassword(input: { username: string }): Promise<void> {
    await this.enter('resetPassword', input);
    if (input.username === '') throw poolError('EmptyResetPasswordUsername', 'username is required to resetPassword');
    const account = this.accounts.get(input.username);
    if (!account) throw poolError('UserNotFoundException', POOL_MESSAGES.userNotFound);
    account.resetCode = '123456';
  }

  async confirmResetPassword(input: { username: string; confirmationCode: string; newPassword: string }): Promise<void> {
    await this.enter('confirmResetPassword', input);
    const account = this.accounts.get(input.username);
    if (!account) throw poolError('UserNotFoundException', POOL_MESSAGES.userNotFound);
    if (account.resetCode !== input.confirmationCode) throw poolError('CodeMismatchException', POOL_MESSAGES.codeMismatch);
    if (!meetsPolicy(input.newPassword)) throw poolError('InvalidPasswordException', POOL_MESSAGES.policy);
    account.password = input.newPassword;
    account.resetCode = null;
  }

  async getCurrentUser(): Promise<PoolUser | null> {
    await this.enter('getCurrentUser');
    if (!this.current) return null;
    const account = this.accounts.get(this.current.email);
    return account ? { username: account.email, userId: account.sub } : null;
  }
}
