import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { Amplify } from 'aws-amplify';
import { createApiClient } from '../../../src/api/client';
import { fetchClientConfig, resolveConfigUrl } from '../../../src/api/config';
import type { ClientConfig } from '../../../src/api/contract/client-config';
import { Providers } from '../../../src/app/providers';
import { AppRoot } from '../../../src/app/router';
import { PANE_ROUTES } from '../../../src/app/routes';
import { apiBaseAtom } from '../../../src/state/config';
import { makeFakeHost } from '../fake-host';
import { messagesOf } from '../support/console';

function makeClientConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    apiBase: '/api',
    userPool: { poolId: 'local_cannery', clientId: 'cannery-app', endpoint: 'https://cannery.example.org/identity' },
    sso: null,
    numMostFreqAutoResponses: 5,
    sessionIdleMinutes: 30,
    mail: 'sent',
    ...overrides,
  };
}

const answer = (status: number, body: unknown) => () => Promise.resolve(Response.json(body, { status }));

describe('client config', () => {
  it('is null when the server publishes none (404, or behind sign-in)', async () => {
    for (const status of [404, 401]) {
      const api = createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch: answer(status, { error: { code: 'x', message: 'x' } }) });
      expect(await fetchClientConfig(api)).toBeNull();
    }
  });

  it('is validated, and a server error or a bad shape is an error', async () => {
    const ok = createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch: answer(200, makeClientConfig()) });
    expect(await fetchClientConfig(ok)).toEqual(makeClientConfig());
    const bad = createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch: answer(200, { apiBase: '/api' }) });
    await expect(fetchClientConfig(bad)).rejects.toMatchObject({ code: 'invalid_response' });
    const down = createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch: answer(503, {}) });
    await expect(fetchClientConfig(down)).rejects.toMatchObject({ status: 503 });
  });

  it('resolves the URLs it names against its own URL', () => {
    expect(resolveConfigUrl('/api', '/api/config', { keepRelative: true })).toBe('/api');
    expect(resolveConfigUrl('/api', 'http://localhost:8787/api/config', { keepRelative: true })).toBe('http://localhost:8787/api');
    expect(resolveConfigUrl('/identity', '/api/config', { pageUrl: 'https://pane.example.org/outlook/taskpane.html' })).toBe(
      'https://pane.example.org/identity',
    );
    expect(resolveConfigUrl('https://pool.example.org/identity/', '/api/config')).toBe('https://pool.example.org/identity');
  });
});

describe('loading the client config at start', () => {
  function mount(fetch: typeof globalThis.fetch, hash = '#/login') {
    window.location.hash = hash;
    const store = createStore();
    store.set(apiBaseAtom, '/api');
    render(
      <Providers host={makeFakeHost()} store={store} fetch={fetch}>
        <AppRoot initialHash={hash} routes={PANE_ROUTES} />
      </Providers>,
    );
  }

  it('says the server cannot be reached, and retries on request', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(answer(404, { error: { code: 'not_found', message: 'No API route GET /api/config' } }));
    mount(fetch);
    expect(await screen.findByRole('heading', { name: 'Cannery cannot reach its server' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/config');
    expect(messagesOf(consoleError)).toEqual(new Set(['Loading the client config failed']));
    expect(messagesOf(consoleWarn)).toEqual(new Set(['/api/config publishes no client config: sign-in is unavailable.']));
  });

  it('still shows the guest screens when the server publishes no config', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mount(answer(401, { error: { code: 'unauthenticated', message: 'Sign in first.' } }), '#/');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Login' })).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['/api/config publishes no client config: sign-in is unavailable.']));
  });

  it('configures Amplify with the published pool and starts signed out when nothing is stored', async () => {
    mount(answer(200, makeClientConfig()), '#/home');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(Amplify.getConfig().Auth?.Cognito).toMatchObject({
      userPoolId: 'local_cannery',
      userPoolClientId: 'cannery-app',
      userPoolEndpoint: 'https://cannery.example.org/identity',
    });
  });
});
