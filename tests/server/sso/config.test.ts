import { describe, expect, it } from 'vitest';
import { loadSsoConfig } from '../../../server/sso/config';

const facts = { port: 8787, httpsPort: 8443, publicOrigin: 'https://localhost:8443' };

describe('loadSsoConfig', () => {
  it('takes the stand-in token lifetime from SSO_STAND_IN_TOKEN_SECONDS, and refuses a lifetime that is not whole seconds', () => {
    expect(loadSsoConfig(facts, { SSO_STAND_IN: '1', SSO_STAND_IN_TOKEN_SECONDS: '70' })).toMatchObject({ mode: 'stand-in', tokenSeconds: 70 });
    expect(loadSsoConfig(facts, { SSO_STAND_IN: '1' })).toMatchObject({ mode: 'stand-in', tokenSeconds: undefined });
    expect(() => loadSsoConfig(facts, { SSO_STAND_IN: '1', SSO_STAND_IN_TOKEN_SECONDS: '1.5' })).toThrow(/SSO_STAND_IN_TOKEN_SECONDS/);
  });

  it('is off without SSO_STAND_IN or SSO_AUTHORITY', () => {
    expect(loadSsoConfig(facts, {})).toEqual({ mode: 'off' });
  });

  it('points the stand-in at the HTTPS origin Outlook uses, with the task pane, playground and admin app as redirect URIs', () => {
    const config = loadSsoConfig(facts, { SSO_STAND_IN: '1' });
    expect(config).toMatchObject({
      mode: 'stand-in',
      authority: 'https://localhost:8443/sso-stand-in',
      clientId: 'cannery-app',
      loopbackOrigin: 'http://127.0.0.1:8787',
    });
    expect(config.mode === 'stand-in' && config.redirectUris).toEqual([
      'http://localhost:8787/',
      'http://localhost:8787/outlook/taskpane.html',
      'http://localhost:8787/admin/',
      'https://localhost:8443/',
      'https://localhost:8443/outlook/taskpane.html',
      'https://localhost:8443/admin/',
      'https://hklgohkhkhiglabbllmgfibmhlidhlic.chromiumapp.org/',
    ]);
  });

  it('uses the plain listener when HTTPS is off (the e2e server)', () => {
    const config = loadSsoConfig({ ...facts, port: 8799, httpsPort: 0 }, { SSO_STAND_IN: '1' });
    expect(config).toMatchObject({ authority: 'http://localhost:8799/sso-stand-in' });
    expect(config.mode === 'stand-in' && config.redirectUris).not.toContain('https://localhost:8443/');
  });

  it('takes a real provider with its client and redirect URIs', () => {
    const config = loadSsoConfig(facts, {
      SSO_AUTHORITY: 'https://login.microsoftonline.com/tenant-id/v2.0/',
      SSO_CLIENT_ID: 'app-id',
      SSO_CLIENT_SECRET: 'secret',
      SSO_REDIRECT_URIS: 'https://cannery.example/outlook/taskpane.html, https://cannery.example/',
    });
    expect(config).toEqual({
      mode: 'provider',
      authority: 'https://login.microsoftonline.com/tenant-id/v2.0',
      clientId: 'app-id',
      clientSecret: 'secret',
      redirectUris: ['https://cannery.example/outlook/taskpane.html', 'https://cannery.example/'],
    });
  });

  it.each([
    [{ SSO_AUTHORITY: 'https://login.example/t/v2.0', SSO_REDIRECT_URIS: 'https://a.example/' }, /SSO_CLIENT_ID/],
    [{ SSO_AUTHORITY: 'https://login.example/t/v2.0', SSO_CLIENT_ID: 'x' }, /SSO_REDIRECT_URIS/],
    [{ SSO_AUTHORITY: 'not a url', SSO_CLIENT_ID: 'x', SSO_REDIRECT_URIS: 'https://a.example/' }, /SSO_AUTHORITY/],
    [{ SSO_AUTHORITY: 'https://login.example/t/v2.0', SSO_CLIENT_ID: 'x', SSO_REDIRECT_URIS: 'https://a.example/#/dialog-landing' }, /fragment/],
    [{ SSO_STAND_IN: '1', SSO_AUTHORITY: 'https://login.example/t/v2.0' }, /not both/],
  ])('refuses an incomplete or contradictory setup (%j)', (env, message) => {
    expect(() => loadSsoConfig(facts, env)).toThrow(message);
  });
});
