import { useState, type ReactNode } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider, createStore } from 'jotai';
import type { HostAdapter } from '../../hosts/host';
import { HostContext } from '../state/host-context';

export type JotaiStore = ReturnType<typeof createStore>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 2, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** Everything a screen may rely on: the host, server state, client state and the Fluent theme. */
export function Providers(props: { host: HostAdapter; store?: JotaiStore; queryClient?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [store] = useState(() => props.store ?? createStore());
  return (
    <HostContext.Provider value={props.host}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <FluentProvider theme={webLightTheme} style={{ minHeight: '100%', background: 'transparent' }}>
            {props.children}
          </FluentProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </HostContext.Provider>
  );
}
