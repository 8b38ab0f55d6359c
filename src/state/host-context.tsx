import { createContext, useContext } from 'react';
import type { HostAdapter } from '../../hosts/host';

/** The host the app runs in. Screens reach Outlook, Gmail or a text field only through this. */
export const HostContext = createContext<HostAdapter | null>(null);

export function useHost(): HostAdapter {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() needs a <HostContext.Provider>: mount the app with mountCannery().');
  return host;
}
