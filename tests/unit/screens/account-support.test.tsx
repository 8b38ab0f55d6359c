import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Account } from '../../../src/domain/types';
import { SUPPORT_EMAIL_KEY, endSession } from '../../../src/auth/token-lifecycle';
import { signedInState } from '../../../src/state/auth';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { FakeUserPool } from '../support/fake-user-pool';
import { makeFakeHost } from '../fake-host';
import { makeHomeApi } from '../support/home-api';

// As in home.test.tsx: DOMPurify does not run on happy-dom.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });

beforeEach(() => resetFactoryIds());

/** The account as the server now answers it, with the settings its admin chose. */
const accountWith = (settings: { supportEmail?: string | null; numMostFreqAutoResponses?: number | null }) => ({ ...makeAccount(), ...settings }) as Account;

function renderHome(account: Account, host = makeFakeHost()) {
  const api = makeHomeApi({ user, teams: [team], account, blocks: [makeBlock({ name: 'Vote Center Hours' })] });
  return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api, host };
}

const supportLink = async () => within(await screen.findByRole('complementary', { name: 'Customer support' })).getByRole('link', { name: 'Need help? Contact us.' });
const mostFrequentAsked = (requests: Array<{ url: string }>) =>
  requests.filter((request) => request.url.includes('/mostfrequentlyused')).map((request) => new URL(request.url, 'https://cannery.test').searchParams.get('num'));

describe("Home and the account's settings", () => {
  it("offers the account's support address, keeps it for the login screen, and shows the account's Frequently Used count", async () => {
    const { api, host } = renderHome(accountWith({ supportEmail: 'clerks@aldercounty.example', numMostFreqAutoResponses: 3 }));
    await waitFor(async () => expect((await supportLink()).getAttribute('href')).toBe('mailto:clerks@aldercounty.example'));
    await waitFor(() => expect(host.data.get(SUPPORT_EMAIL_KEY)).toBe('clerks@aldercounty.example'));
    await waitFor(() => expect(mostFrequentAsked(api.requests)).toContain('3'));
  });

  it("offers Cannery's address and the deployment's count when the account sets neither, and forgets an address kept before", async () => {
    const host = makeFakeHost();
    host.data.set(SUPPORT_EMAIL_KEY, 'old@aldercounty.example');
    const { api } = renderHome(accountWith({ supportEmail: null, numMostFreqAutoResponses: null }), host);
    await waitFor(() => expect(host.data.has(SUPPORT_EMAIL_KEY)).toBe(false));
    expect((await supportLink()).getAttribute('href')).toBe('mailto:support@cannery.app');
    await waitFor(() => expect(mostFrequentAsked(api.requests)).toContain('5'));
    expect(mostFrequentAsked(api.requests)).not.toContain('3');
  });
});

describe('the login screen', () => {
  it('offers the support address kept at the last sign-in on this device, which outlives logout', async () => {
    const host = makeFakeHost();
    host.data.set(SUPPORT_EMAIL_KEY, 'clerks@aldercounty.example');
    host.data.set('currentUser', '{}');
    await endSession(host.storage, null);
    expect([...host.data.keys()]).toEqual([SUPPORT_EMAIL_KEY]);
    renderApp('#/login', { pool: new FakeUserPool(), host });
    await waitFor(async () => expect((await supportLink()).getAttribute('href')).toBe('mailto:clerks@aldercounty.example'));
  });

  it("offers Cannery's address on a device where nobody signed in", async () => {
    renderApp('#/login', { pool: new FakeUserPool() });
    expect((await supportLink()).getAttribute('href')).toBe('mailto:support@cannery.app');
  });
});
