import { createContext, useContext, useState } from 'react';
import { Button } from '@fluentui/react-components';

/**
 * How the admin app signs out: given by the app that mounts it (src/app/admin-routes.tsx, from the
 * shared session), so the admin pages need nothing of the session or the outbox themselves.
 */
export const AdminLogoutContext = createContext<(() => Promise<void>) | null>(null);

/** Logs out and lands on login; disabled while the pool signs out. */
export function AdminLogoutButton() {
  const logout = useContext(AdminLogoutContext);
  const [pending, setPending] = useState(false);
  if (!logout) throw new Error('AdminLogoutButton needs AdminLogoutContext: mount the admin pages with the admin routes.');
  return (
    <Button
      appearance="secondary"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void logout();
      }}
    >
      {pending ? 'Loading...' : 'Log out'}
    </Button>
  );
}
