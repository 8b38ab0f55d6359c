import { useState } from 'react';
import { Button } from '@fluentui/react-components';

/**
 * "Log out": calls `logout` and is disabled, reading "Loading...", while it runs. What logging out
 * does is the caller's (the app's session, or what the admin app is given), so this holds none of it.
 */
export function SignOutButton(props: { logout: () => Promise<void>; appearance?: 'primary' | 'secondary' }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      appearance={props.appearance ?? 'secondary'}
      disabled={pending}
      onClick={() => {
        setPending(true);
        void props.logout();
      }}
    >
      {pending ? 'Loading...' : 'Log out'}
    </Button>
  );
}
