/**
 * The user pool with Amplify off the start path. Evaluating Amplify is the largest single cost of
 * start-up, and a returning user needs none of it to see Home: the session Amplify's token store
 * kept is read straight from that store (same keys, same host storage) while both its tokens are
 * still good, and Amplify is loaded at the first call that needs it (sign-in, refresh, sign-out,
 * password changes) or when the pane is idle. Expired, missing or foreign tokens go to Amplify,
 * which refreshes or reports the session gone, exactly as before.
 */
import { decodeJwt } from 'jose';
import type { KeyValueStorage } from '../../hosts/host';
import { REFRESH_LEAD_MS } from './token-lifecycle';
import { tokenExpiry } from './sso';
import type { PoolSession, UserPoolClient } from './user-pool';

/** Amplify's token store names its entries `<prefix>.<clientId>.<username>.<kind>`. */
const TOKEN_STORE_PREFIX = 'CognitoIdentityServiceProvider';

export interface DeferredUserPool extends UserPoolClient {
  /** Starts loading Amplify now, without a call waiting for it. */
  preload(): void;
}

/**
 * The session Amplify's token store holds for `clientId`, when its ID and access tokens both stay
 * valid beyond the refresh lead (allowing for the clock drift Amplify measured); null otherwise.
 */
export async function readStoredPoolSession(storage: KeyValueStorage, clientId: string, now = Date.now()): Promise<PoolSession | null> {
  const prefix = `${TOKEN_STORE_PREFIX}.${clientId}`;
  const username = await storage.get(`${prefix}.LastAuthUser`);
  if (!username) return null;
  const [idToken, accessToken, drift] = await Promise.all([
    storage.get(`${prefix}.${username}.idToken`),
    storage.get(`${prefix}.${username}.accessToken`),
    storage.get(`${prefix}.${username}.clockDrift`),
  ]);
  if (!idToken || !accessToken || audienceOf(idToken) !== clientId) return null;
  const idExpiresAt = tokenExpiry(idToken);
  const accessExpiresAt = tokenExpiry(accessToken);
  if (idExpiresAt === null || accessExpiresAt === null) return null;
  const clockDrift = Math.abs(Number.parseInt(drift ?? '0', 10) || 0);
  const goodUntil = now + clockDrift + REFRESH_LEAD_MS;
  if (idExpiresAt <= goodUntil || accessExpiresAt <= goodUntil) return null;
  return { idToken, expiresAt: idExpiresAt };
}

function audienceOf(jwt: string): string | null {
  try {
    const { aud } = decodeJwt(jwt);
    return typeof aud === 'string' ? aud : null;
  } catch {
    return null;
  }
}

/**
 * A user pool that loads the real one (`load`: Amplify, configured) once, when first needed.
 * `fetchAuthSession` answers from the token store while Amplify is not loaded and the stored
 * session is good; a forced refresh always goes to Amplify.
 */
export function deferredUserPool(options: { storage: KeyValueStorage; clientId: string; load: () => Promise<UserPoolClient> }): DeferredUserPool {
  let loading: Promise<UserPoolClient> | null = null;
  const pool = (): Promise<UserPoolClient> => {
    if (!loading) {
      loading = options.load();
      // A failed load is retried by the next call rather than remembered.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  return {
    preload: () => void pool().catch(() => undefined),
    signIn: async (input) => (await pool()).signIn(input),
    confirmSignIn: async (input) => (await pool()).confirmSignIn(input),
    confirmSignInWithCode: async (input) => (await pool()).confirmSignInWithCode(input),
    rememberDevice: async () => (await pool()).rememberDevice(),
    fetchMfaSettings: async () => (await pool()).fetchMfaSettings(),
    setUpAuthenticator: async () => (await pool()).setUpAuthenticator(),
    turnOnAuthenticator: async (input) => (await pool()).turnOnAuthenticator(input),
    turnOffAuthenticator: async () => (await pool()).turnOffAuthenticator(),
    fetchRememberedDevices: async () => (await pool()).fetchRememberedDevices(),
    forgetDevice: async (id) => (await pool()).forgetDevice(id),
    signOut: async () => (await pool()).signOut(),
    async fetchAuthSession(fetchOptions = {}) {
      if (!loading && !fetchOptions.forceRefresh) {
        const stored = await readStoredPoolSession(options.storage, options.clientId).catch(() => null);
        if (stored) return stored;
      }
      return (await pool()).fetchAuthSession(fetchOptions);
    },
    updatePassword: async (input) => (await pool()).updatePassword(input),
    updateDisplayName: async (input) => (await pool()).updateDisplayName(input),
    resetPassword: async (input) => (await pool()).resetPassword(input),
    confirmResetPassword: async (input) => (await pool()).confirmResetPassword(input),
    getCurrentUser: async () => (await pool()).getCurrentUser(),
  };
}
