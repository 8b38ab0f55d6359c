import { act, renderHook } from '@testing-library/react';
import { webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DARK_SCHEME_QUERY, useColorSchemeTheme } from '../../../src/ui/use-color-scheme-theme';

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
  it('is the light theme for a light scheme, and the dark one for a dark scheme', () => {
    fakeScheme(false);
    expect(renderHook(() => useColorSchemeTheme()).result.current).toBe(webLightTheme);
    fakeScheme(true);
    expect(renderHook(() => useColorSchemeTheme()).result.current).toBe(webDarkTheme);
  });

  it('follows a change of the scheme while mounted, and stops listening when unmounted', () => {
    const scheme = fakeScheme(false);
    const { result, unmount } = renderHook(() => useColorSchemeTheme());
    act(() => scheme.set(true));
    expect(result.current).toBe(webDarkTheme);
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
