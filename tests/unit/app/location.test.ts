import { describe, expect, it } from 'vitest';
import { currentPath, fragmentParams, markLogoutLanding, navigate, takeLogoutLandingMark } from '../../../src/state/location';

describe('hash location', () => {
  it('reads the path of a hash route', () => {
    expect(currentPath('#/checklist/abc')).toBe('checklist/abc');
    expect(currentPath('#/home/')).toBe('home');
    expect(currentPath('#home')).toBe('home');
    expect(currentPath('')).toBe('');
  });

  it('reads parameters after a path and in a bare fragment', () => {
    expect(currentPath('#/dialog-landing?code=c1&state=s1')).toBe('dialog-landing');
    expect(fragmentParams('#/dialog-landing?code=c1&state=s1').get('code')).toBe('c1');
    expect(currentPath('#code=c2&state=s2')).toBe('');
    expect(fragmentParams('#code=c2&state=s2').get('state')).toBe('s2');
    expect(fragmentParams('#/home').size).toBe(0);
  });

  it('navigates by pushing or replacing the hash', () => {
    navigate('login');
    expect(window.location.hash).toBe('#/login');
    const before = window.history.length;
    navigate('/home', { replace: true });
    expect(window.location.hash).toBe('#/home');
    expect(window.history.length).toBe(before);
  });
});

describe('the logout-landing mark', () => {
  it('is taken once, and reads as absent where the browser denies session storage', () => {
    markLogoutLanding();
    expect(takeLogoutLandingMark()).toBe(true);
    expect(takeLogoutLandingMark()).toBe(false);

    // An extension page framed into a web page: reading `sessionStorage` throws a SecurityError.
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      expect(() => markLogoutLanding()).not.toThrow();
      expect(takeLogoutLandingMark()).toBe(false);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'sessionStorage', descriptor);
    }
  });
});
