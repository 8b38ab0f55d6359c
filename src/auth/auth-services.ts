import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client';
import type { SsoSettings } from './sso';
import type { UserPoolClient } from './user-pool';

/**
 * What sign-in needs from outside the screens, provided once by the app (from the client config)
 * and by tests (fakes).
 */
export interface AuthServices {
  /** The user pool; null when the server publishes none, and sign-in then says it is unavailable. */
  userPool: UserPoolClient | null;
  /** The API client; it sends the held ID token, which is why it is provided with sign-in. */
  api: ApiClient;
  /** The work-account provider; null while single sign-on is not configured (its button is then hidden). */
  sso: SsoSettings | null;
  /** The fetch for the provider's discovery document; `globalThis.fetch` when absent. Tests pass a fake. */
  fetch?: typeof fetch | undefined;
}

export const AuthServicesContext = createContext<AuthServices | null>(null);

export function useAuthServices(): AuthServices {
  const services = useContext(AuthServicesContext);
  if (!services) throw new Error('useAuthServices() needs an <AuthServicesContext.Provider>: mount the app with mountCannery().');
  return services;
}
