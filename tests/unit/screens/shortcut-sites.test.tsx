import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { HostShortcuts, ShortcutSite, TurnOnSiteOutcome } from '../../../hosts/host';
import { signedInState } from '../../../src/state/auth';
import { EXPAND_SHORTCUTS_MESSAGES } from '../../../src/screens/blocks/expand-shortcuts';
import { SHORTCUT_SITES_MESSAGES } from '../../../src/screens/account/shortcut-sites';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost } from '../fake-host';
import { makeHomeApi } from '../support/home-api';

/**
 * The sites where typed shortcuts expand, as the app shows them: the picker's "Expand shortcuts on
 * this site" (asked in the click itself, its answer said either way) and Settings' list with
 * "Turn off" for each site. Hosts without sites (Outlook, the playground) show neither.
 */

vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });
const SITE = 'https://help.example.org';

afterEach(() => {
  window.location.hash = '';
});

function shortcutsWith(parts: Partial<HostShortcuts>): HostShortcuts {
  return { publish: () => Promise.resolve(), typed: null, ...parts };
}

function site(turnOn: () => Promise<TurnOnSiteOutcome>, on = false): ShortcutSite {
  return { origin: SITE, on, turnOn };
}

function render(route: string, shortcuts: HostShortcuts | undefined, withShortcut = true) {
  const blocks = [makeBlock({ name: 'Track My Ballot', body: '<p>Track it online.</p>', ...(withShortcut ? { shortcut: ';track' } : {}) })];
  const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks });
  const host = makeFakeHost({ context: 'text_input', ...(shortcuts ? { shortcuts } : {}) });
  return renderApp(route, { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) });
}

describe('"Expand shortcuts on this site" in the picker', () => {
  it('asks once per click and says the site is on', async () => {
    const turnOn = vi.fn(() => Promise.resolve<TurnOnSiteOutcome>('on'));
    const { user: person } = render('#/home', shortcutsWith({ site: site(turnOn) }));
    await screen.findByRole('button', { name: 'Track My Ballot' });
    const button = await screen.findByRole('button', { name: EXPAND_SHORTCUTS_MESSAGES.button });
    await person.click(button);
    expect(turnOn).toHaveBeenCalledOnce();
    expect((await screen.findByText(EXPAND_SHORTCUTS_MESSAGES.on('help.example.org'))).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: EXPAND_SHORTCUTS_MESSAGES.button })).toBeNull();
  });

  it('says so when the browser or the user refuses, and when asking fails; the button stays', async () => {
    let answer: () => Promise<TurnOnSiteOutcome> = () => Promise.resolve('refused');
    const shown = site(() => answer());
    const { user: person } = render('#/home', shortcutsWith({ site: shown }));
    const button = await screen.findByRole('button', { name: EXPAND_SHORTCUTS_MESSAGES.button });
    await person.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(EXPAND_SHORTCUTS_MESSAGES.refused('help.example.org'));
    answer = () => Promise.reject(new Error('This function must be called during a user gesture'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await person.click(screen.getByRole('button', { name: EXPAND_SHORTCUTS_MESSAGES.button }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(EXPAND_SHORTCUTS_MESSAGES.failed));
  });

  it('is not offered on a site that is on already', async () => {
    render('#/home', shortcutsWith({ site: site(() => Promise.resolve('on'), true) }));
    await screen.findByRole('button', { name: 'Track My Ballot' });
    expect(screen.queryByRole('button', { name: EXPAND_SHORTCUTS_MESSAGES.button })).toBeNull();
  });

  it('is not offered to a user whose blocks have no shortcut', async () => {
    render('#/home', shortcutsWith({ site: site(() => Promise.resolve('on')) }), false);
    await screen.findByRole('button', { name: 'Track My Ballot' });
    expect(screen.queryByRole('button', { name: EXPAND_SHORTCUTS_MESSAGES.button })).toBeNull();
  });
});

describe("Settings' sites", () => {
  it('lists the sites and turns one off', async () => {
    let listed = [SITE, 'http://localhost:8080'];
    const turnOff = vi.fn((origin: string) => Promise.resolve(void (listed = listed.filter((entry) => entry !== origin))));
    const { user: person } = render('#/user-settings', shortcutsWith({ sites: { list: () => Promise.resolve(listed), turnOff } }));
    const list = await screen.findByRole('list', { name: 'Sites with shortcuts' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['help.example.orgTurn off', 'http://localhost:8080Turn off']);
    await person.click(screen.getByRole('button', { name: 'Turn off help.example.org' }));
    expect(turnOff).toHaveBeenCalledWith(SITE);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await person.click(screen.getByRole('button', { name: 'Turn off http://localhost:8080' }));
    expect(await screen.findByText(SHORTCUT_SITES_MESSAGES.none)).toBeTruthy();
  });

  it('says when the sites cannot be listed or turned off', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render('#/user-settings', shortcutsWith({ sites: { list: () => Promise.reject(new Error('refused')), turnOff: () => Promise.resolve() } }));
    expect((await screen.findByRole('alert')).textContent).toBe(SHORTCUT_SITES_MESSAGES.loadFailed);
  });

  it('shows nothing about sites in a host without them', async () => {
    render('#/user-settings', undefined);
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByText(SHORTCUT_SITES_MESSAGES.heading)).toBeNull();
  });
});
