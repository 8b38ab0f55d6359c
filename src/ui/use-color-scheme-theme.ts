import { useEffect, useState, useSyncExternalStore } from 'react';
import { webLightTheme, type Theme } from '@fluentui/react-components';

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

/** The dark theme once loaded: it is not part of the first screen's code, which has a size budget. */
let darkTheme: Theme | null = null;
let darkLoading: Promise<Theme> | null = null;

export function loadDarkTheme(): Promise<Theme> {
  darkLoading ??= import('./dark-theme').then((module) => (darkTheme = module.webDarkTheme));
  return darkLoading;
}

// Asked for before the first render where the user prefers dark, so it is usually there in time.
if (prefersDark()) void loadDarkTheme();

/**
 * Fluent's web theme for the user's colour scheme: dark when they ask for dark (light for the
 * moment the dark theme takes to load), light otherwise and where the browser cannot tell. A
 * change of the scheme re-renders with the other theme.
 */
export function useColorSchemeTheme(): Theme {
  const dark = usePrefersDark();
  const [loaded, setLoaded] = useState<Theme | null>(darkTheme);
  useEffect(() => {
    if (!dark || loaded) return;
    let current = true;
    void loadDarkTheme().then((theme) => {
      if (current) setLoaded(theme);
    });
    return () => {
      current = false;
    };
  }, [dark, loaded]);
  return dark && loaded ? loaded : webLightTheme;
}
