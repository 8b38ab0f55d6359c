import { describe, expect, it } from 'vitest';
import { ROUTES, matchRoute, pageTitle, resolveRoute } from '../../../src/app/routes';

describe('route table', () => {
  it("has every route of the spec and the second factor's three, each once", () => {
    const patterns = ROUTES.map((route) => route.pattern);
    expect(patterns).toHaveLength(23);
    expect(new Set(patterns).size).toBe(23);
    expect(patterns).toEqual(
      expect.arrayContaining([
        'login', 'home', 'checklist-home', 'checklist/{checklistId}', 'checklist-complete', 'dialog-landing',
        'logout-landing', 'could-not-find-user', 'change-first-time-password', 'change-password',
        'change-password-success', 'suggest-auto-response', 'suggest-auto-response-success', 'user-settings',
        'forgot-password-request', 'forgot-password-request-complete', 'retrieve-account',
        'retrieve-account-success', 'tips-screen', 'splash-screen',
        'confirm-sign-in', 'set-up-authenticator', 'authenticator-setup',
      ]),
    );
  });

  it('gives each route the access of the spec', () => {
    const access = Object.fromEntries(ROUTES.map((route) => [route.pattern, route.access]));
    for (const guest of ['login', 'forgot-password-request', 'forgot-password-request-complete', 'retrieve-account', 'retrieve-account-success', 'splash-screen']) {
      expect(access[guest], guest).toBe('guest');
    }
    for (const open of ['dialog-landing', 'logout-landing', 'could-not-find-user', 'change-first-time-password', 'tips-screen', 'confirm-sign-in', 'set-up-authenticator']) {
      expect(access[open], open).toBe('none');
    }
    // The steps of a sign-in in progress send a user who is already signed in home.
    for (const step of ['change-first-time-password', 'confirm-sign-in', 'set-up-authenticator']) {
      expect(resolveRoute(step, 'signed-in'), step).toEqual({ kind: 'redirect', to: 'home' });
    }
    expect(access['authenticator-setup']).toBe('auth');
    for (const auth of ['home', 'checklist-home', 'checklist/{checklistId}', 'checklist-complete', 'change-password', 'change-password-success', 'suggest-auto-response', 'suggest-auto-response-success', 'user-settings']) {
      expect(access[auth], auth).toBe('auth');
    }
  });

  it('captures the checklist id and decodes it', () => {
    expect(matchRoute('checklist/64b0000000000000000000aa', ROUTES)?.params).toEqual({ checklistId: '64b0000000000000000000aa' });
    expect(matchRoute('checklist/a%20b', ROUTES)?.params).toEqual({ checklistId: 'a b' });
    expect(matchRoute('checklist', ROUTES)).toBeNull();
    expect(matchRoute('checklist/x/y', ROUTES)).toBeNull();
  });
});

describe('guards', () => {
  it('sends unknown paths to the splash screen', () => {
    expect(resolveRoute('no-such-screen', 'signed-out')).toEqual({ kind: 'redirect', to: 'splash-screen' });
    expect(resolveRoute('', 'signed-out')).toEqual({ kind: 'redirect', to: 'splash-screen' });
  });

  it('sends a signed-out user from an auth route to login', () => {
    expect(resolveRoute('home', 'signed-out')).toEqual({ kind: 'redirect', to: 'login' });
    expect(resolveRoute('checklist/abc', 'signed-out')).toEqual({ kind: 'redirect', to: 'login' });
  });

  it('sends a signed-in user from a guest route home', () => {
    expect(resolveRoute('login', 'signed-in')).toEqual({ kind: 'redirect', to: 'home' });
    expect(resolveRoute('splash-screen', 'signed-in')).toEqual({ kind: 'redirect', to: 'home' });
  });

  it('sends a signed-in user from change-first-time-password home, and lets anyone else in', () => {
    expect(resolveRoute('change-first-time-password', 'signed-in')).toEqual({ kind: 'redirect', to: 'home' });
    expect(resolveRoute('change-first-time-password', 'signed-out').kind).toBe('render');
  });

  it('opens routes without access rules to everyone, even before sign-in is known', () => {
    for (const status of ['unknown', 'signed-out', 'signed-in'] as const) {
      expect(resolveRoute('dialog-landing', status).kind).toBe('render');
      expect(resolveRoute('tips-screen', status).kind).toBe('render');
    }
  });

  it('waits while sign-in is unknown instead of redirecting', () => {
    expect(resolveRoute('home', 'unknown')).toEqual({ kind: 'wait' });
    expect(resolveRoute('login', 'unknown')).toEqual({ kind: 'wait' });
  });

  it('prefixes every page title with the product name', () => {
    for (const route of ROUTES) expect(pageTitle(route)).toMatch(/^Cannery - \S/);
  });
});
