import { useQuery } from '@tanstack/react-query';
import { useAuthServices } from '../../auth/auth-services';

/** The user's second factor and remembered devices, as User settings shows them; cleared at logout. */
export const MFA_SETTINGS_QUERY_KEY = ['sign-in-security'] as const;

/**
 * The signed-in user's authenticator app, the account's rule for it, and the devices the pool
 * remembers. Not loaded for work-account users (their provider owns their second factor) or when
 * the server publishes no user pool.
 */
export function useSignInSecurity(options: { enabled: boolean }) {
  const { userPool } = useAuthServices();
  return useQuery({
    queryKey: MFA_SETTINGS_QUERY_KEY,
    enabled: options.enabled && userPool !== null,
    staleTime: 0,
    retry: false,
    queryFn: async () => {
      if (!userPool) throw new Error('No user pool');
      const [settings, devices] = await Promise.all([userPool.fetchMfaSettings(), userPool.fetchRememberedDevices()]);
      return { ...settings, devices };
    },
  });
}
