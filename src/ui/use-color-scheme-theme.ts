import { useSyncExternalStore } from 'react';
import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';

/** The user's colour scheme, as the browser reports it (the system's, or the browser's own setting). */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_SCHEME_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const prefersDark = (): boolean => darkQuery()?.matches ?? false;

/** Whether the user asks for a dark colour scheme; follows a change while the page is open. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, prefersDark, () => false);
}

/**
 * Fluent's web theme for the user's colour scheme: dark when they ask for dark, light otherwise
 * (and where the browser cannot tell). A change of the scheme re-renders with the other theme.
 */
export function useColorSchemeTheme(): Theme {
  return usePrefersDark() ? webDarkTheme : webLightTheme;
}
