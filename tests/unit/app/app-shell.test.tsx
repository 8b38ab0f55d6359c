import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Providers } from '../../../src/app/providers';
import { AppRoot } from '../../../src/app/router';
import { PANE_ROUTES } from '../../../src/app/routes';
import { SIGNED_OUT, authAtom, signedInState, type AuthStatus } from '../../../src/state/auth';
import { makeFakeHost, makeOfflineAuthServices } from '../fake-host';
import { messagesOf } from '../support/console';

function renderApp(hash: string, status: AuthStatus = 'signed-out') {
  window.location.hash = hash;
  const store = createStore();
  store.set(authAtom, status === 'signed-in' ? signedInState('cognito', '', null) : { ...SIGNED_OUT, status });
  const view = render(
    <Providers host={makeFakeHost()} store={store} auth={makeOfflineAuthServices()}>
      <AppRoot initialHash={window.location.hash} routes={PANE_ROUTES} />
    </Providers>,
  );
  return { ...view, store };
}

describe('app shell', () => {
  it('shows the splash screen for an unknown path, with its title', async () => {
    renderApp('#/somewhere-else');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(window.location.hash).toBe('#/splash-screen');
    expect(document.title).toBe('Cannery - Welcome');
    expect(screen.getByText('Cannery helps you respond to high volume inquiries with just one click.')).toBeTruthy();
  });

  it('opens the demo and learn-more links in a new tab', async () => {
    renderApp('#/splash-screen');
    for (const name of ['Book a demo', 'Learn more']) {
      const link = await screen.findByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('continues from splash to login', async () => {
    renderApp('#/splash-screen');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to Login' }));
    expect(window.location.hash).toBe('#/login');
    expect(await screen.findByRole('link', { name: 'Reset Password' })).toBeTruthy();
    expect(document.title).toBe('Cannery - Log in');
  });

  it('sends a signed-out user who opens home to login', async () => {
    renderApp('#/home');
    expect(await screen.findByRole('link', { name: 'Use verification code' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
  });

  it('sends a signed-in user who opens login home, and follows sign-out back', async () => {
    const { store } = renderApp('#/login', 'signed-in');
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(window.location.hash).toBe('#/home');
    act(() => store.set(authAtom, SIGNED_OUT));
    expect(await screen.findByRole('link', { name: 'Reset Password' })).toBeTruthy();
  });

  it('shows the quick tips, on three points, and continues home', async () => {
    renderApp('#/tips-screen', 'signed-in');
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    const tips = (await screen.findAllByRole('listitem')).map((item) => item.textContent ?? '');
    expect(tips).toHaveLength(3);
    expect(tips[0]).toMatch(/pin/i);
    expect(tips[1]).toMatch(/reading pane/i);
    expect(tips[2]).toMatch(/Reply/);
    await userEvent.click(screen.getByRole('link', { name: 'Continue to Home' }));
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
  });

  it('shows Redirecting.... when the fragment carries a sign-in code and state', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('#/code=abc&state=0123456789abcdef');
    expect(screen.getByRole('status').textContent).toBe('Redirecting....');
    // No sign-in is pending in this browser, so the redirect page cannot complete one, and says so.
    await waitFor(() => expect(messagesOf(consoleWarn)).toEqual(new Set(['The work-account sign-in could not be completed'])));
  });
});
