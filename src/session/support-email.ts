/**
 * The address the customer-support box offers: the account's own when its admin set one (Home
 * knows the account), else the one remembered from the last sign-in on this device (the login
 * screen knows no account yet), else Cannery's (`SUPPORT_EMAIL`).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SUPPORT_EMAIL_KEY } from '../auth/session';
import { useHost } from '../state/host-context';

const REMEMBERED_QUERY_KEY = ['remembered-support-email'] as const;

/** Keeps the account's address on this device (`null`: the account has none); `undefined` while unknown. */
export function useRememberSupportEmail(address: string | null | undefined): void {
  const { storage } = useHost();
  useEffect(() => {
    if (address === undefined) return;
    (address ? storage.set(SUPPORT_EMAIL_KEY, address) : storage.remove(SUPPORT_EMAIL_KEY)).catch((error: unknown) =>
      console.warn('Keeping the support address for the login screen failed', error),
    );
  }, [storage, address]);
}

/** The address remembered on this device, or null. */
export function useRememberedSupportEmail(): string | null {
  const { storage } = useHost();
  const remembered = useQuery({
    queryKey: REMEMBERED_QUERY_KEY,
    queryFn: () => storage.get(SUPPORT_EMAIL_KEY).catch(() => null),
    staleTime: Infinity,
    retry: false,
  });
  return remembered.data ?? null;
}
