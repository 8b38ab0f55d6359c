import { describe, expect, it } from 'vitest';
import { currentPath, fragmentParams, navigate } from '../../../src/state/location';

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
