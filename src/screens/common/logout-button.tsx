import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { useLogout } from '../../session/sign-in-state';

/** Logs out (spec §4) and lands on login; disabled while the pool signs out. */
export function LogoutButton(props: { appearance?: 'primary' | 'secondary' }) {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <Button
      appearance={props.appearance ?? 'secondary'}
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
