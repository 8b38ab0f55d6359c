/**
 * The address the customer-support box offers: the account's own when its admin set one, else
 * Cannery's (`SUPPORT_EMAIL`, when this answers null or empty). Once the account is known, its address (or
 * its lack of one) is kept on this device, so the login screen, which knows no account yet, and
 * Home, while the account loads, offer the address of the last sign-in here.
 */
import { useEffect, useState } from 'react';
import type { Account } from '../api/contract/account';
import { SUPPORT_EMAIL_KEY } from '../auth/token-lifecycle';
import { usePlatform } from '../state/host-context';

export function useSupportEmail(account?: Account | null): string | null {
  const { storage } = usePlatform();
  const [remembered, setRemembered] = useState<string | null>(null);
  const known = account ? (account.supportEmail ?? '') : null;
  useEffect(() => {
    // Failing to keep or read it only means Cannery's own is offered.
    (known === null ? storage.get(SUPPORT_EMAIL_KEY).then(setRemembered) : known ? storage.set(SUPPORT_EMAIL_KEY, known) : storage.remove(SUPPORT_EMAIL_KEY)).catch(
      () => undefined,
    );
  }, [storage, known]);
  return known ?? remembered;
}
