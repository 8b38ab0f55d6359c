import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MailItem } from '../../../hosts/host';
import type { Block } from '../../../src/api/contract/block';
import type { Favourite } from '../../../src/api/contract/favourite';
import { signedInState } from '../../../src/state/auth';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { API, apiError } from '../support/api-handlers';
import { server } from '../support/api-server';
import { makeHomeApi, type HomeApiData } from '../support/home-api';

vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

/**
 * Home's Favourites: a star on every block row (Home's groups and search results) that Tab
 * reaches, a group right after Recommended, shown at once and taken back with a message when the
 * server refuses or cannot be reached.
 */
const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });
const reading = (body: string): MailItem => ({
  mode: 'read',
  itemId: 'item-1',
  bodyText: body,
  sender: { displayName: 'Jordan Lee', emailAddress: 'jordan@example.com' },
  recipients: [],
  subject: 'Question',
});

let ballot: Block;
let hours: Block;
let fees: Block;
let gmailOnly: Block;
beforeEach(() => {
  resetFactoryIds();
  ballot = makeBlock({ name: 'Track My Ballot', body: '<p>Track your mail ballot online.</p>', categories: ['Mail Ballots'] });
  hours = makeBlock({ name: 'Vote Center Hours', body: '<p>Vote centers are open from 8 to 8.</p>' });
  fees = makeBlock({ name: 'Recording Fees', body: '<p>The fee is 20 dollars.</p>' });
  gmailOnly = makeBlock({ name: 'Gmail Only Reply', body: '<p>Only in Gmail.</p>', supportedContexts: ['gmail'] });
});
afterEach(() => {
  window.location.hash = '';
});

const favourite = (block: Block): Favourite => ({ autoResponseId: block._id, team: block.team, addedAt: '2026-11-01T10:00:00.000Z' });

function renderHome(options: { host?: FakeHost; data?: Partial<HomeApiData> } = {}) {
  const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [ballot, hours, fees, gmailOnly], ...options.data });
  const host = options.host ?? makeFakeHost();
  return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

const favouritesList = () => screen.queryByRole('list', { name: 'Favourites' });
const namesIn = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0]!.textContent);
const sent = (api: ReturnType<typeof renderHome>['api'], method: string) => api.requests.filter((request) => request.method === method && request.url.includes('/favouriteautoresponses'));

describe('Favourites on Home', () => {
  it('shows the user’s favourites, by name, right after Recommended and before Frequently Used, leaving out a block this host does not show', async () => {
    const host = makeFakeHost();
    host.item = reading('How can I track my mail ballot online?');
    renderHome({ host, data: { favourites: [favourite(hours), favourite(gmailOnly), favourite(fees)], mostUsed: [ballot] } });
    await waitFor(() => expect(favouritesList()).not.toBeNull());
    expect(namesIn(favouritesList()!)).toEqual(['Recording Fees', 'Vote Center Hours']);
    const order = await Promise.all(['Recommended', 'Favourites', 'Frequently Used'].map((name) => screen.findByRole('region', { name })));
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Favourites (2)', expanded: true })).toBeTruthy();
  });

  it('stars a block with the keyboard: the star is a toggle button Tab reaches, and the group shows it at once', async () => {
    // The server answers the star only when the test says, so "at once" means before it.
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(API.favourites, async () => {
        await gate;
      }),
    );
    const { user: person, api } = renderHome();
    const block = await screen.findByRole('button', { name: 'Vote Center Hours' });
    block.focus();
    await person.tab();
    await person.tab();
    const star = screen.getByRole('button', { name: 'Favourite Vote Center Hours' });
    expect(document.activeElement).toBe(star);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await person.keyboard('{Enter}');
    await waitFor(() => expect(favouritesList()).not.toBeNull());
    expect(namesIn(favouritesList()!)).toEqual(['Vote Center Hours']);
    expect(screen.getAllByRole('button', { name: 'Favourite Vote Center Hours' }).map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    answer();
    await waitFor(() => expect(sent(api, 'POST')).toHaveLength(1));
    expect(JSON.parse(sent(api, 'POST')[0]!.body)).toEqual({ autoResponseId: hours._id });
  });

  it('unstars from the Favourites group with Space, sends the removal, and keeps focus on the screen', async () => {
    const { user: person, api } = renderHome({ data: { favourites: [favourite(hours), favourite(fees)] } });
    await waitFor(() => expect(favouritesList()).not.toBeNull());
    const inGroup = () => within(favouritesList()!).getByRole('button', { name: 'Favourite Recording Fees' });
    inGroup().focus();
    await person.keyboard(' ');
    await waitFor(() => expect(namesIn(favouritesList()!)).toEqual(['Vote Center Hours']));
    // Focus went to the star of the row left in the group, not to the page.
    expect(document.activeElement).toBe(within(favouritesList()!).getByRole('button', { name: 'Favourite Vote Center Hours' }));
    await person.keyboard(' ');
    await waitFor(() => expect(favouritesList()).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search name or content' }));
    await waitFor(() => expect(sent(api, 'DELETE').map((request) => request.url.split('/').pop())).toEqual([fees._id, hours._id]));
    expect(screen.getByRole('button', { name: 'Favourite Recording Fees' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('takes a star back and says so when the server cannot be reached', async () => {
    server.use(http.post(API.favourites, () => HttpResponse.error()));
    const { user: person } = renderHome();
    await person.click(await screen.findByRole('button', { name: 'Favourite Vote Center Hours' }));
    expect(
      await screen.findByText('“Vote Center Hours” was not added to Favourites. Cannery could not reach its server. Check your connection and try again.'),
    ).toBeTruthy();
    expect(favouritesList()).toBeNull();
    expect(screen.getByRole('button', { name: 'Favourite Vote Center Hours' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('takes an unstar back when the server refuses it, and keeps a star made meanwhile', async () => {
    server.use(http.delete(API.favourite, () => apiError(503)));
    const { user: person } = renderHome({ data: { favourites: [favourite(hours)] } });
    await waitFor(() => expect(favouritesList()).not.toBeNull());
    await person.click(screen.getByRole('button', { name: 'Favourite Recording Fees' }));
    await person.click(within(favouritesList()!).getByRole('button', { name: 'Favourite Vote Center Hours' }));
    expect(await screen.findByText('“Vote Center Hours” was not removed from Favourites. Try again in a moment.')).toBeTruthy();
    await waitFor(() => expect(namesIn(favouritesList()!)).toEqual(['Recording Fees', 'Vote Center Hours']));
  });

  it('gives the server’s words when the user has as many favourites as it keeps', async () => {
    server.use(http.post(API.favourites, () => apiError(409, 'favourites_full', 'You already have 100 favourites, the most Cannery keeps. Remove one to add another.')));
    const { user: person } = renderHome();
    await person.click(await screen.findByRole('button', { name: 'Favourite Recording Fees' }));
    expect(
      await screen.findByText('“Recording Fees” was not added to Favourites. You already have 100 favourites, the most Cannery keeps. Remove one to add another.'),
    ).toBeTruthy();
    expect(favouritesList()).toBeNull();
  });

  it('has stars in search results, and a block used from Favourites is recorded as picked from the list', async () => {
    const insertBlock = vi.fn().mockResolvedValue({ outcome: 'inserted', skipped: [] });
    const { user: person, api } = renderHome({ host: makeFakeHost({ insertBlock }), data: { favourites: [favourite(fees)] } });
    await waitFor(() => expect(favouritesList()).not.toBeNull());
    await person.click(within(favouritesList()!).getByRole('button', { name: 'Recording Fees' }));
    await waitFor(() => expect(api.records[0]?.body.uiSource).toBe('std_scrollable_list'));
    await person.type(screen.getByRole('searchbox', { name: 'Search name or content' }), 'vote');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await person.click(within(results).getByRole('button', { name: 'Favourite Vote Center Hours' }));
    await waitFor(() => expect(sent(api, 'POST')).toHaveLength(1));
    expect(within(results).getByRole('button', { name: 'Favourite Vote Center Hours' }).getAttribute('aria-pressed')).toBe('true');
  });
});
