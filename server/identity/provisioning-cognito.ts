/**
 * Provisioning on an AWS Cognito user pool, through the AWS SDK's Admin* operations. The same code
 * runs against the built-in pool's protocol endpoint in the tests (admin-protocol.ts), signed
 * with the credentials that pool is configured with.
 * - createUser: AdminCreateUser with the temporary password, MessageAction SUPPRESS (Cannery mails
 *   the invitation itself) and the attributes email, email_verified true and name.
 * - getUser: AdminGetUser; the authenticator is on when UserMFASettingList holds SOFTWARE_TOKEN_MFA.
 * - setTemporaryPassword: AdminSetUserPassword with Permanent false; requirePasswordReset:
 *   AdminResetUserPassword (Cognito mails the user a code).
 * - disableUser / enableUser / signOutEverywhere / deleteUser: AdminDisableUser, AdminEnableUser,
 *   AdminUserGlobalSignOut, AdminDeleteUser.
 * - resetAuthenticator: AdminListDevices and AdminForgetDevice for every remembered device, then
 *   AdminSetUserMFAPreference with SoftwareTokenMfaSettings disabled.
 * Credentials are the SDK's usual ones unless given; they need the cognito-idp actions above.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminForgetDeviceCommand,
  AdminGetUserCommand,
  AdminListDevicesCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ProvisioningError, regionOfPoolId, type IdentityProvisioner, type ProvisionedUser } from './provisioning';
import { normalizeUsername } from './users';

export interface CognitoProvisionerOptions {
  /** `<region>_<id>`, e.g. `eu-west-1_AbCdEf123`. */
  userPoolId: string;
  /** Derived from the pool id when left out. */
  region?: string;
  /** Access keys; left out, the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Another endpoint than Cognito's own (the built-in pool's `/identity/`, in tests). */
  endpoint?: string;
  /** How many times the SDK tries a request (default 3). */
  maxAttempts?: number;
}

/** Cognito's errors as the provisioning interface reports them. */
export function provisioningErrorOfSdk(error: unknown): ProvisioningError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error && error.message ? error.message : 'The user pool did not answer.';
  switch (name) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new ProvisioningError('exists', message);
    case 'UserNotFoundException':
      return new ProvisioningError('not_found', message);
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
    case 'NotAuthorizedException':
    case 'UnsupportedUserStateException':
      return new ProvisioningError('invalid', message);
    default:
      // Throttling, the service, the network, or the server's own configuration (credentials, pool id).
      return new ProvisioningError('unavailable', `The user pool could not be reached or refused the server (${/^\w{1,64}$/.test(name) ? name : 'error'}).`);
  }
}

const attribute = (attributes: AttributeType[] | undefined, name: string) => attributes?.find((entry) => entry.Name === name)?.Value;

export function cognitoProvisioner(options: CognitoProvisionerOptions): IdentityProvisioner {
  const UserPoolId = options.userPoolId;
  const client = new CognitoIdentityProviderClient({
    region: options.region ?? regionOfPoolId(options.userPoolId),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw provisioningErrorOfSdk(error);
    }
  }

  const onUser = (send: (Username: string) => Promise<unknown>) => (email: string) =>
    call(async () => {
      await send(normalizeUsername(email));
    });

  return {
    kind: 'cognito',
    createUser: ({ email, name, temporaryPassword }) =>
      call(async () => {
        const Username = normalizeUsername(email);
        const { User } = await client.send(
          new AdminCreateUserCommand({
            UserPoolId,
            Username,
            TemporaryPassword: temporaryPassword,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: Username },
              { Name: 'email_verified', Value: 'true' },
              ...(name ? [{ Name: 'name', Value: name }] : []),
            ],
          }),
        );
        const sub = attribute(User?.Attributes, 'sub');
        if (!sub) throw new ProvisioningError('unavailable', 'The user pool created the user but named no sub.');
        return { sub, status: User?.UserStatus ?? 'FORCE_CHANGE_PASSWORD', enabled: User?.Enabled ?? true, authenticator: false };
      }),
    getUser: async (email) => {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: normalizeUsername(email) }));
        const sub = attribute(user.UserAttributes, 'sub');
        if (!sub) throw new ProvisioningError('unavailable', 'The user pool answered a user without a sub.');
        const provisioned: ProvisionedUser = {
          sub,
          status: user.UserStatus ?? 'UNKNOWN',
          enabled: user.Enabled ?? true,
          authenticator: user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false,
        };
        return provisioned;
      } catch (error) {
        if (error instanceof ProvisioningError) throw error;
        if (error instanceof Error && error.name === 'UserNotFoundException') return null;
        throw provisioningErrorOfSdk(error);
      }
    },
    setTemporaryPassword: (email, temporaryPassword) =>
      onUser((Username) => client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username, Password: temporaryPassword, Permanent: false })))(email),
    requirePasswordReset: onUser((Username) => client.send(new AdminResetUserPasswordCommand({ UserPoolId, Username }))),
    disableUser: onUser((Username) => client.send(new AdminDisableUserCommand({ UserPoolId, Username }))),
    enableUser: onUser((Username) => client.send(new AdminEnableUserCommand({ UserPoolId, Username }))),
    signOutEverywhere: onUser((Username) => client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username }))),
    resetAuthenticator: onUser(async (Username) => {
      // Every page read first, then each device forgotten: removing devices while paging would shift the pages.
      const keys: string[] = [];
      let PaginationToken: string | undefined;
      do {
        const page = await client.send(new AdminListDevicesCommand({ UserPoolId, Username, Limit: 60, ...(PaginationToken ? { PaginationToken } : {}) }));
        for (const device of page.Devices ?? []) if (device.DeviceKey) keys.push(device.DeviceKey);
        PaginationToken = page.PaginationToken;
      } while (PaginationToken);
      for (const DeviceKey of keys) {
        try {
          await client.send(new AdminForgetDeviceCommand({ UserPoolId, Username, DeviceKey }));
        } catch (error) {
          // Forgotten meanwhile (the user did it): what was wanted.
          if (!(error instanceof Error && error.name === 'ResourceNotFoundException')) throw error;
        }
      }
      await client.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId, Username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    }),
    deleteUser: onUser((Username) => client.send(new AdminDeleteUserCommand({ UserPoolId, Username }))),
  };
}
