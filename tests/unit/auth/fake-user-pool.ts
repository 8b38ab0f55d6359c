/**
 * An in-memory user pool behind the app's `UserPoolClient` interface, answering as the identity
 * service does (Cognito's error names and messages), so screens meet the same failures they meet
 * in production. Tests add accounts with `makeAccount`, make a call fail with `failNext`, and hold
 * a call open with `hold` to look at the waiting state.
 */
import type { PoolSession, PoolUser, SignInStep, UserPoolClient } from '../../../src/auth/user-pool';

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
}

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
  policy: 'Password does not conform to policy: Password must have uppercase characters',
} as const;

/** The pool's password policy (spec §5): 12+ chars with a digit, a symbol, upper and lower case. */
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
    this.current = { email: account.email, session: this.newSession(account.email) };
    return { kind: 'done' };
  }

  async signIn(input: { username: string; password: string }): Promise<SignInStep> {
    await this.enter('signIn', input);
    const account = this.accounts.get(input.username);
    if (!account || account.password !== input.password) throw poolError('NotAuthorizedException', POOL_MESSAGES.badCredentials);
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
