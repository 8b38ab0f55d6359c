import type { ReactNode } from 'react';
import { Button, Link } from '@fluentui/react-components';
import { navigate } from '../state/location';

/** A link to another route of the app; a real anchor, so it can be focused, read and middle-clicked. */
export function AppLink(props: { to: string; children: ReactNode }) {
  return <Link href={`#/${props.to}`}>{props.children}</Link>;
}

/** A button that goes to another route (for the spec's "Continue to ..." and "Home" actions). */
export function NavButton(props: { to: string; children: ReactNode; appearance?: 'primary' | 'secondary' }) {
  return (
    <Button appearance={props.appearance ?? 'secondary'} onClick={() => navigate(props.to)}>
      {props.children}
    </Button>
  );
}
