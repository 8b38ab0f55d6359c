import { act, renderHook, waitFor } from '@testing-library/react';
import { webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DARK_SCHEME_QUERY, loadDarkTheme, useColorSchemeTheme } from '../../../src/ui/use-color-scheme-theme';

/** A `matchMedia` whose dark-scheme answer the test sets, telling its listeners of a change. */
function fakeScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === DARK_SCHEME_QUERY && state.dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: boolean) {
      state.dark = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the theme of the app (useColorSchemeTheme)', () => {
  it('is the light theme for a light scheme, and the dark one, once loaded, for a dark scheme', async () => {
    fakeScheme(false);
    expect(renderHook(() => useColorSchemeTheme()).result.current).toBe(webLightTheme);
    fakeScheme(true);
    const dark = renderHook(() => useColorSchemeTheme());
    await waitFor(() => expect(dark.result.current).toBe(webDarkTheme));
  });

  it('follows a change of the scheme while mounted, and stops listening when unmounted', async () => {
    await loadDarkTheme();
    const scheme = fakeScheme(false);
    const { result, unmount } = renderHook(() => useColorSchemeTheme());
    act(() => scheme.set(true));
    await waitFor(() => expect(result.current).toBe(webDarkTheme));
    act(() => scheme.set(false));
    expect(result.current).toBe(webLightTheme);
    unmount();
    expect(scheme.listeners.size).toBe(0);
  });

  it('is light where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useColorSchemeTheme()).result.current).toBe(webLightTheme);
  });
});
