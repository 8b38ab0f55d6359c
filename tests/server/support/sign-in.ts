/**
 * Signing in to a running Cannery server as the apps do: SRP through its built-in user pool with
 * Amplify, configured with the pool and client the server publishes in `/api/config`; and calling
 * its API with the ID token that gives.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { MemoryStorage } from '../identity/support';

/** Signs `username` in on the server at `base` and answers the ID token; rejects as Amplify does (a wrong password, an unknown user). */
export async function srpSignIn(base: string, username: string, password: string): Promise<string> {
  const config = (await (await fetch(`${base}/api/config`)).json()) as { userPool: { poolId: string; clientId: string } };
  Amplify.configure({ Auth: { Cognito: { userPoolId: config.userPool.poolId, userPoolClientId: config.userPool.clientId, userPoolEndpoint: `${base}/identity` } } });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new MemoryStorage());
  const result = await signIn({ username, password });
  if (!result.isSignedIn) throw new Error(`the sign-in of ${username} stopped at ${result.nextStep.signInStep}`);
  const token = (await fetchAuthSession()).tokens?.idToken?.toString();
  await signOut();
  if (!token) throw new Error(`the sign-in of ${username} gave no ID token`);
  return token;
}

/** `init` with the bearer token, and a JSON content type when it has a body. */
export const authorized = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...(init.headers as Record<string, string> | undefined) },
});
