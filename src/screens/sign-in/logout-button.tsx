import { useLogout } from '../../user/sign-in-state';
import { SignOutButton } from '../../ui/sign-out-button';

/** Logs out (rules §4) and lands on login; disabled while the pool signs out. */
export function LogoutButton(props: { appearance?: 'primary' | 'secondary' }) {
  const logout = useLogout();
  return <SignOutButton logout={() => logout()} appearance={props.appearance ?? 'secondary'} />;
}
