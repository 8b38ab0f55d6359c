/**
 * Which identity back end the server provisions people in, from the settings:
 * - the built-in pool, in process, when the server runs its own (the Node server);
 * - the AWS Cognito pool named by `CANNERY_COGNITO_USER_POOL_ID`, through the AWS SDK, when its
 *   users sign in to Cognito (the Lambda entry). The region is the pool id's prefix; the SDK finds
 *   its credentials as it always does (the function's role, `AWS_ACCESS_KEY_ID`…, a profile);
 *   `CANNERY_COGNITO_ENDPOINT` replaces Cognito's own endpoint (a VPC endpoint, or another
 *   server's built-in pool);
 * - none on Lambda without `CANNERY_COGNITO_USER_POOL_ID`: the people pages cannot change sign-in
 *   identities there, and the server says so at start.
 */
import { readSetting } from '../settings/load';
import { regionOfPoolId, type IdentityProvisioner } from './provisioning';

export { regionOfPoolId };


export type ProvisioningConfig =
  | { kind: 'built-in' }
  | { kind: 'cognito'; userPoolId: string; region: string; endpoint: string | undefined }
  | { kind: 'none' };

/**
 * The provisioning settings. `ownPool`: the server runs the built-in pool its users sign in to, so
 * a Cognito pool named besides would take people its users cannot sign in with: refused.
 */
export function loadProvisioningConfig(env: NodeJS.ProcessEnv, ownPool: boolean): ProvisioningConfig {
  const userPoolId = readSetting(env, 'CANNERY_COGNITO_USER_POOL_ID');
  const endpoint = readSetting(env, 'CANNERY_COGNITO_ENDPOINT');
  if (ownPool) {
    if (userPoolId || endpoint) {
      throw new Error(
        'CANNERY_COGNITO_USER_POOL_ID and CANNERY_COGNITO_ENDPOINT are for a server whose users sign in to AWS Cognito (the Lambda entry); this server runs its own user pool, where it adds people: unset them',
      );
    }
    return { kind: 'built-in' };
  }
  if (!userPoolId) {
    if (endpoint) throw new Error('CANNERY_COGNITO_ENDPOINT needs CANNERY_COGNITO_USER_POOL_ID: the pool it reaches');
    return { kind: 'none' };
  }
  let region: string;
  try {
    region = regionOfPoolId(userPoolId);
  } catch {
    throw new Error('CANNERY_COGNITO_USER_POOL_ID must be a Cognito user pool id, <region>_<id> (e.g. eu-west-1_AbCdEf123)');
  }
  return { kind: 'cognito', userPoolId, region, endpoint };
}

/**
 * The provisioner the settings pick; `builtIn` is the server's own pool's. The AWS SDK is loaded
 * only for a Cognito pool.
 */
export async function createIdentityProvisioner(config: ProvisioningConfig, builtIn?: IdentityProvisioner): Promise<IdentityProvisioner | undefined> {
  switch (config.kind) {
    case 'built-in':
      if (!builtIn) throw new Error('The built-in pool provisions people only where the server runs it.');
      return builtIn;
    case 'cognito': {
      const { cognitoProvisioner } = await import('./provisioning-cognito');
      return cognitoProvisioner({ userPoolId: config.userPoolId, region: config.region, ...(config.endpoint ? { endpoint: config.endpoint } : {}) });
    }
    case 'none':
      return undefined;
  }
}
