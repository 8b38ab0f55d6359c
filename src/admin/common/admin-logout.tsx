import { createContext, useContext } from 'react';
import { SignOutButton } from '../../ui/sign-out-button';

/**
 * How the admin app signs out: given by the app that mounts it (src/admin/app/routes.tsx, from the
 * shared session), so the admin pages need nothing of the session or the outbox themselves.
 */
export const AdminLogoutContext = createContext<(() => Promise<void>) | null>(null);

/** Logs out and lands on login; disabled while the pool signs out. */
export function AdminLogoutButton() {
  const logout = useContext(AdminLogoutContext);
  if (!logout) throw new Error('AdminLogoutButton needs AdminLogoutContext: mount the admin pages with the admin routes.');
  return <SignOutButton logout={logout} />;
}
