import { useEffect, useState, type ReactNode } from 'react';
import { Body1, Button, FluentProvider, Spinner } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore, useAtomValue, useStore } from 'jotai';
import type { HostAdapter, HostPlatform } from '../../hosts/host';
import { createApiClient } from '../api/client';
import { configUrlOf, fetchClientConfig, resolveConfigUrl } from '../api/config';
import { AuthServicesContext, type AuthServices } from '../auth/auth-services';
import { deferredUserPool } from '../auth/deferred-user-pool';
import { Page } from '../ui/page';
import { useColorSchemeTheme } from '../ui/use-color-scheme-theme';
import { restoreSessionAtStart, useSessionKeeper } from '../user/sign-in-state';
import { warmStart } from '../user/warm-start';
import { authAtom } from '../state/auth';
import { apiBaseAtom, mailDeliveryAtom, mostFrequentCountAtom, sessionIdleMsAtom, signInLockoutMinutesAtom } from '../state/config';
import { HostContext, PlatformContext, usePlatform } from '../state/host-context';
import { UsageTracking } from '../tracking/usage-tracking';

export type JotaiStore = ReturnType<typeof createStore>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 2, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/**
 * Builds the sign-in services from the config the server publishes at `<apiBase>/config`. A server
 * that publishes none still gets a working app: guest screens render, sign-in says it is unavailable.
 */
export async function loadAuthServices(options: {
  apiBase: string;
  host: HostPlatform;
  store: JotaiStore;
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal;
}): Promise<AuthServices> {
  const { apiBase, host, store } = options;
  const getIdToken = () => store.get(authAtom).idToken;
  const bootstrap = createApiClient({ baseUrl: apiBase, getIdToken: () => null, fetch: options.fetch });
  const config = await fetchClientConfig(bootstrap, options.signal);
  if (!config) {
    console.warn(`${configUrlOf(apiBase)} publishes no client config: sign-in is unavailable.`);
    return { userPool: null, api: createApiClient({ baseUrl: apiBase, getIdToken, fetch: options.fetch }), sso: null, fetch: options.fetch };
  }
  const configUrl = configUrlOf(apiBase);
  store.set(mostFrequentCountAtom, config.numMostFreqAutoResponses);
  store.set(sessionIdleMsAtom, config.sessionIdleMinutes * 60_000);
  store.set(signInLockoutMinutesAtom, config.signInLockoutMinutes ?? null);
  store.set(mailDeliveryAtom, config.mail);
  // Amplify is the largest part of start-up: loaded when a call needs it or the pane is idle, not
  // before the first screen (a returning user's session is read from Amplify's token store).
  const userPool = deferredUserPool({
    storage: host.storage,
    clientId: config.userPool.clientId,
    load: async () => {
      const [{ configureAmplify, userPoolConfigFrom }, { createAmplifyUserPool }] = await Promise.all([
        import('../auth/amplify-config'),
        import('../auth/user-pool'),
      ]);
      configureAmplify(userPoolConfigFrom(config, configUrl), host.storage);
      return createAmplifyUserPool();
    },
  });
  whenIdle(() => userPool.preload(), AMPLIFY_PRELOAD_WAIT_MS);
  return {
    userPool,
    api: createApiClient({ baseUrl: resolveConfigUrl(config.apiBase, configUrl, { keepRelative: true }), getIdToken, fetch: options.fetch }),
    sso: config.sso,
    fetch: options.fetch,
  };
}

/** The longest the pane waits for an idle moment before loading Amplify anyway. */
const AMPLIFY_PRELOAD_WAIT_MS = 3_000;

function whenIdle(run: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, timeoutMs);
}

/**
 * Provides the sign-in services and keeps the session (restore, refresh, user lookup) and the
 * outbox; usage sessions are recorded beside a mail host only (`UsageTracking`).
 */
function AuthProvider(props: { services: AuthServices; children: ReactNode }) {
  return (
    <AuthServicesContext.Provider value={props.services}>
      <UsageTracking>
        <SessionKeeper />
        {props.children}
      </UsageTracking>
    </AuthServicesContext.Provider>
  );
}

function SessionKeeper() {
  useSessionKeeper();
  return null;
}

type GateState = { kind: 'loading' } | { kind: 'ready'; services: AuthServices } | { kind: 'failed' };

/**
 * Loads the client config before the app renders. When the server cannot be reached the pane says
 * so and offers a retry, instead of staying blank.
 */
function ClientConfigGate(props: { fetch?: typeof fetch | undefined; children: ReactNode }) {
  const host = usePlatform();
  const store = useStore();
  const queryClient = useQueryClient();
  const apiBase = useAtomValue(apiBaseAtom);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GateState>({ kind: 'loading' });
  const fetchOverride = props.fetch;

  useEffect(() => {
    const controller = new AbortController();
    // What the last session left is read meanwhile, and the stored session is restored before the
    // first screen renders, so that screen renders once, signed in and with the cached blocks.
    const services = loadAuthServices({ apiBase, host, store, fetch: fetchOverride, signal: controller.signal }).then(async (loaded) => {
      await restoreSessionAtStart(store, loaded, host);
      return loaded;
    });
    Promise.all([services, warmStart(host.storage, queryClient)]).then(
      ([services]) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', services });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the client config failed', error);
        setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [apiBase, host, store, queryClient, fetchOverride, attempt]);

  if (state.kind === 'loading') return <Spinner label="Loading..." />;
  if (state.kind === 'failed') {
    return (
      <Page title="Cannery cannot reach its server">
        <Body1>Check your connection and try again. If the problem persists, contact our team.</Body1>
        <Button
          appearance="primary"
          onClick={() => {
            setState({ kind: 'loading' });
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </Page>
    );
  }
  return <AuthProvider services={state.services}>{props.children}</AuthProvider>;
}

/** The task pane's mail host (its platform too), or a platform alone (the admin app). */
export type PlatformOrHost = { host: HostAdapter; platform?: undefined } | { platform: HostPlatform; host?: undefined };

/**
 * Everything a screen may rely on: the platform and, in the task pane, the mail host, server
 * state, client state, the Fluent theme and the sign-in services. Tests pass `auth` (fakes);
 * otherwise the services come from the client config. The theme follows the user's colour scheme
 * (light or dark), and the app paints its own background in it: the page behind it may be white.
 */
export function Providers(props: PlatformOrHost & {
  store?: JotaiStore;
  queryClient?: QueryClient;
  auth?: AuthServices;
  /** The fetch used to load the client config; tests pass a fake. */
  fetch?: typeof fetch;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [store] = useState(() => props.store ?? createStore());
  const platform = props.host ?? props.platform;
  const theme = useColorSchemeTheme();
  return (
    <PlatformContext.Provider value={platform}>
      <HostContext.Provider value={props.host ?? null}>
        <QueryClientProvider client={queryClient}>
          <JotaiProvider store={store}>
            <FluentProvider theme={theme} style={{ minHeight: '100%' }}>
              {props.auth ? (
                <AuthProvider services={props.auth}>{props.children}</AuthProvider>
              ) : (
                <ClientConfigGate fetch={props.fetch}>{props.children}</ClientConfigGate>
              )}
            </FluentProvider>
          </JotaiProvider>
        </QueryClientProvider>
      </HostContext.Provider>
    </PlatformContext.Provider>
  );
}
