/**
 * The built-in user pool: AWS Cognito's user-pool protocol (the JSON operations aws-amplify v6
 * sends) over Cannery's database, so the unchanged Amplify client signs in against this server.
 *
 * Sign-in is SRP-6a (USER_SRP_AUTH, Amplify's default) or a plain password (USER_PASSWORD_AUTH);
 * users are created by an administrator (admin CLI) with a temporary password, which the first
 * sign-in replaces (NEW_PASSWORD_REQUIRED). Tokens are RS256 JWTs with Cognito's claims, signed
 * by a key kept in the database; refresh tokens are opaque and stored hashed. All state, the caps
 * (limits.ts) and the failures of unknown usernames (lockout.ts) included, lives in the database,
 * so any number of instances can serve the pool.
 *
 * This module assembles the pool: its state (context.ts), the operation table, and the HTTP face
 * (routes.ts). The operations are in sign-in.ts (with second-factor.ts), passwords.ts, sessions.ts,
 * mfa.ts (authenticator apps), devices.ts (remembered devices) and attributes.ts (the user's name).
 */
import type { Hono } from 'hono';
import type { TrustedIssuer } from '../auth/verifier';
import { poolAdministration } from './administration';
import { createPoolContext, type PoolOperation, type UserPoolOptions } from './context';
import { CognitoError } from './errors';
import { checkInput } from './input';
import { changePassword, confirmForgotPassword, forgotPassword } from './passwords';
import { identityRoutes } from './routes';
import { initiateAuth, respondToAuthChallenge } from './sign-in';
import { getTokensFromRefreshToken, getUser, globalSignOut, revokeToken } from './sessions';
import { associateSoftwareToken, setUserMfaPreference, verifySoftwareToken } from './mfa';
import { confirmDevice, forgetDevice, listDevices, updateDeviceStatus } from './devices';
import { updateUserAttributes } from './attributes';
import { builtInProvisioner } from './provisioning-pool';
import { ADMIN_OPERATIONS } from './admin-protocol';
import { verifySignature } from './sigv4';
import { isAdminOperation, type SignedRequest } from './types';
import type { OperationInput, RequestContext } from './types';

export { DEFAULT_LIMITS, type PoolLimits } from './limits';
export { maskEmail } from './passwords';
export type { UserPoolOptions } from './context';
export type { RequestContext } from './types';

/** The protocol operations the pool serves; anything else is UnknownOperationException. */
const OPERATIONS: Readonly<Record<string, PoolOperation>> = {
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  GetUser: getUser,
  ChangePassword: changePassword,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMfaPreference,
  ConfirmDevice: confirmDevice,
  UpdateDeviceStatus: updateDeviceStatus,
  ListDevices: listDevices,
  ForgetDevice: forgetDevice,
  UpdateUserAttributes: updateUserAttributes,
};

export function createUserPool(options: UserPoolOptions) {
  const context = createPoolContext(options);
  const { poolId, clientId, issuer, keys } = context;

  /** Runs one protocol operation; throws CognitoError for protocol errors. */
  async function handle(operation: string, input: OperationInput, request: RequestContext): Promise<unknown> {
    if (isAdminOperation(operation)) {
      // Only after the HTTP face checked the request's signature (verifyAdminRequest).
      if (!request.signedBy) throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
      const admin = Object.hasOwn(ADMIN_OPERATIONS, operation) ? ADMIN_OPERATIONS[operation] : undefined;
      if (!admin) throw new CognitoError('UnknownOperationException', `The operation ${operation} is not supported by this user pool.`);
      checkInput(input);
      return admin(context, input, request);
    }
    const run = Object.hasOwn(OPERATIONS, operation) ? OPERATIONS[operation] : undefined;
    if (!run) throw new CognitoError('UnknownOperationException', `The operation ${operation} is not supported by this user pool.`);
    checkInput(input);
    return run(context, input, request);
  }

  /** The signature check of Admin requests (sigv4.ts), under the configured credentials; refused when there are none. */
  async function verifyAdminRequest(request: SignedRequest): Promise<string> {
    const credentials = options.adminCredentials;
    if (!credentials) {
      throw new CognitoError('UnrecognizedClientException', 'Admin operations are turned off: this server has no CANNERY_POOL_ADMIN_ACCESS_KEY_ID.');
    }
    return verifySignature(request, credentials, context.poolId.split('_')[0] ?? '', context.now());
  }

  const trustedIssuer: TrustedIssuer = { kind: 'cognito', issuer, audience: [clientId], jwks: keys.getKey };

  const pool = {
    poolId,
    clientId,
    issuer,
    lifetimes: context.lifetimes,
    limits: context.limits,
    devOutbox: options.devOutbox ?? false,
    corsOrigins: options.corsOrigins ?? [],
    logger: context.logger,
    clientIp: options.clientIp,
    /** What the API's token verifier needs to accept this pool's ID tokens. */
    trustedIssuer,
    handle,
    verifyAdminRequest,
    jwks: () => keys.jwks(),
    ...poolAdministration(context),
    /** Provisioning (people pages of the admin app) on this pool: provisioning-pool.ts. */
    provisioner: builtInProvisioner(context),
    /** Amplify's `Auth.Cognito` settings for clients of this pool, given where its routes are reached. */
    clientConfig: (userPoolEndpoint: string) => ({ userPoolId: poolId, userPoolClientId: clientId, userPoolEndpoint }),
  };
  const routes: Hono = identityRoutes(pool);
  return { ...pool, routes };
}

export type UserPool = ReturnType<typeof createUserPool>;
