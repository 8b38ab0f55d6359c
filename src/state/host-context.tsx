import { createContext, useContext } from 'react';
import type { HostAdapter, HostPlatform } from '../../hosts/host';

/** Where the app runs: storage and the sign-in pop-up. Every app has one, the admin app included. */
export const PlatformContext = createContext<HostPlatform | null>(null);

/** The mail host beside the task pane. The admin app has none. */
export const HostContext = createContext<HostAdapter | null>(null);

export function usePlatform(): HostPlatform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a <PlatformContext.Provider>: mount the app with mountCannery() or mountAdmin().');
  return platform;
}

/** The mail host: only screens of the task pane ask for it. */
export function useHost(): HostAdapter {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a mail host: mount the task pane with mountCannery().');
  return host;
}

/** The mail host when there is one: the task pane's, or null in the admin app. */
export function useMailHost(): HostAdapter | null {
  return useContext(HostContext);
}
