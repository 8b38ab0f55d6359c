import { Body1 } from '@fluentui/react-components';

/** Shown while a work-account sign-in that returned to the app is completed (spec §2). */
export function SsoRedirectScreen() {
  return <Body1 role="status">Redirecting....</Body1>;
}
