/**
 * Provisioning: what the people pages of the admin app do to a sign-in identity, through one
 * interface with two implementations:
 * - the built-in pool, in process (`builtInProvisioner`, provisioning-pool.ts);
 * - an AWS Cognito user pool through `@aws-sdk/client-cognito-identity-provider`
 *   (`cognitoProvisioner`, provisioning-cognito.ts), which the tests drive against the built-in
 *   pool's own protocol endpoint (its Admin* operations, admin-protocol.ts).
 *
 * Users are named by their email (the pool's username). Every method is idempotent where Cognito's
 * operation is: enabling an enabled user, disabling a disabled one, signing out a user with no
 * session all succeed.
 */

/** The identity behind a Cannery member, as the pool knows it. */
export interface ProvisionedUser {
  /** The `sub` claim of the user's tokens: what the Cannery user is linked by. */
  sub: string;
  /** FORCE_CHANGE_PASSWORD until the first sign-in sets a password; CONFIRMED after; RESET_REQUIRED after a reset. */
  status: string;
  enabled: boolean;
  /** Whether an authenticator app is on for the user. */
  authenticator: boolean;
}

export class ProvisioningError extends Error {
  constructor(
    /** `exists`: the username is taken; `not_found`: no such user; `invalid`: the pool refused a value (a password, say). */
    readonly reason: 'exists' | 'not_found' | 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ProvisioningError';
  }
}

export interface IdentityProvisioner {
  /** Which pool this is, for logs and the admin CLI: 'built-in' or 'cognito'. */
  readonly kind: 'built-in' | 'cognito';
  /**
   * Creates a user whose first sign-in must set a new password (AdminCreateUser with a temporary
   * password, no mail from the pool: Cannery mails the invitation itself). `exists` when taken.
   */
  createUser(input: { email: string; name?: string | undefined; temporaryPassword: string }): Promise<ProvisionedUser>;
  /** The user, or null when the pool has no user of that email (AdminGetUser). */
  getUser(email: string): Promise<ProvisionedUser | null>;
  /** A new temporary password for a user who has not signed in yet (AdminSetUserPassword, not permanent): resending the invitation. */
  setTemporaryPassword(email: string, temporaryPassword: string): Promise<void>;
  /** The next sign-in must reset the password by a mailed code (AdminResetUserPassword). */
  requirePasswordReset(email: string): Promise<void>;
  /** Refuses sign-in and refresh from now on (AdminDisableUser). */
  disableUser(email: string): Promise<void>;
  /** Allows sign-in again (AdminEnableUser). */
  enableUser(email: string): Promise<void>;
  /** Revokes every refresh token of the user (AdminUserGlobalSignOut). */
  signOutEverywhere(email: string): Promise<void>;
  /** Turns the authenticator app off (AdminSetUserMFAPreference with TOTP disabled), and forgets the user's remembered devices. */
  resetAuthenticator(email: string): Promise<void>;
  /** Deletes the user from the pool (AdminDeleteUser); `not_found` when there is none. */
  deleteUser(email: string): Promise<void>;
}

/** The region of a Cognito pool id: `eu-west-1_AbCdEf123` → `eu-west-1`. */
export function regionOfPoolId(userPoolId: string): string {
  const region = /^([a-z0-9-]+)_[0-9a-zA-Z]+$/.exec(userPoolId)?.[1];
  if (!region || userPoolId.length > 55) throw new Error('A Cognito user pool id must look like <region>_<id>, e.g. eu-west-1_AbCdEf123');
  return region;
}
