/**
 * Points Amplify at the user pool the server published, with its tokens kept in the host's
 * storage: `localStorage` in a web page, `chrome.storage.local` in the extension, where Amplify's
 * default (`localStorage`) does not exist in every context.
 */
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, type KeyValueStorageInterface } from 'aws-amplify/utils';
import type { KeyValueStorage } from '../../hosts/host';
import { resolveConfigUrl } from '../api/config';
import type { ClientConfig } from '../api/contract/client-config';

/** Amplify's own names for a user pool, as `Amplify.configure` takes them. */
export interface UserPoolConfig {
  userPoolId: string;
  userPoolClientId: string;
  /** The Cognito-protocol endpoint; absent for a real AWS Cognito pool. Absolute. */
  userPoolEndpoint?: string;
}

/** The Amplify config for the pool `config` publishes; `configUrl` is where `config` was loaded from. */
export function userPoolConfigFrom(config: Pick<ClientConfig, 'userPool'>, configUrl: string): UserPoolConfig {
  const { poolId, clientId, endpoint } = config.userPool;
  return {
    userPoolId: poolId,
    userPoolClientId: clientId,
    ...(endpoint ? { userPoolEndpoint: resolveConfigUrl(endpoint, configUrl) } : {}),
  };
}

/** Adapts the host's storage to the interface Amplify's token store expects. */
export function amplifyStorageOf(storage: KeyValueStorage): KeyValueStorageInterface {
  return {
    getItem: (key) => storage.get(key),
    setItem: (key, value) => storage.set(key, value),
    removeItem: (key) => storage.remove(key),
    clear: () => storage.clear(),
  };
}

export function configureAmplify(config: UserPoolConfig, storage: KeyValueStorage): void {
  // Amplify warns on every configure with a pool endpoint ("You are using a custom Amazon Cognito
  // User Pool endpoint…"): that endpoint is the built-in pool, by design. Amplify's loggers read one
  // shared level, so only this call is made quiet below errors; the level is put back at once.
  const level = ConsoleLogger.LOG_LEVEL;
  if (config.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({ Auth: { Cognito: config } });
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
  // After configure, not before: every configure call resets the token store to localStorage.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(amplifyStorageOf(storage));
}
