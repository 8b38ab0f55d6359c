import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { BlockContext, SessionContext } from '../../../hosts/host';
import { TIPS_SEEN_KEY, endSession } from '../../../src/auth/token-lifecycle';
import { signedInState } from '../../../src/state/auth';
import { insertShortcut, isMac } from '../../../src/screens/tips/shortcut';
import { makeFakeHost } from '../fake-host';
import { makeFakeApi, renderApp } from '../support/render-app';
import { makeUser } from '../../fixtures/factories';

const OUTLOOK_TIPS = [
  'Pin the plug-in. Select Pin at the top of this pane so Cannery stays open as you move from one email to the next.',
  'Plug-in greyed out? Turn on the reading pane (View, then Reading Pane, then Show on the right) and select an email; Cannery opens beside it.',
  'No need to press Reply. While reading an email, just select a block: Cannery opens the reply with it already filled in.',
];

const extensionTips = (shortcut: string) => [
  "Pin Cannery to the toolbar. Select Extensions in Chrome's toolbar, then Pin next to Cannery; Cannery's button in the toolbar then opens it in the side panel.",
  'In Gmail, open an email or a compose window. The side panel follows the email you have open, and a Cannery button appears in each compose window to open the panel there.',
  `On any other page. Right-click a text field and choose 'Insert a Cannery block', or press ${shortcut} while you type in it.`,
];

const PLAYGROUND_TIPS = [
  'This is the playground. Cannery runs beside a sample email here, so you can try your blocks without Outlook or Gmail.',
  'Read or write. Switch the sample between reading an email and writing one; a block goes into the reply, or where the cursor is.',
  'Answer real mail. Add Cannery to Outlook or Chrome (ask your administrator how): you sign in the same way and find the same blocks.',
];

/** The hosts as their adapters name themselves (hosts/<name>/adapter.ts). */
const HOSTS: Array<{ name: string; context: BlockContext; sessionContext: SessionContext }> = [
  { name: 'outlook', context: 'outlook', sessionContext: 'outlook' },
  { name: 'playground', context: 'outlook', sessionContext: 'self-serve' },
  { name: 'gmail', context: 'gmail', sessionContext: 'chrome' },
  { name: 'text-input', context: 'text_input', sessionContext: 'chrome' },
];

async function tipsShownIn(host: { name: string; context: BlockContext; sessionContext?: SessionContext }): Promise<string[]> {
  renderApp('#/tips-screen', { host: makeFakeHost(host) });
  expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Continue to Home' }).getAttribute('href')).toBe('#/home');
  return (await screen.findAllByRole('listitem')).map((item) => item.textContent ?? '');
}

describe('quick tips', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(HOSTS.filter((host) => host.sessionContext === 'outlook'))('gives Outlook advice in the $name host', async (host) => {
    expect(await tipsShownIn(host)).toEqual(OUTLOOK_TIPS);
    expect(screen.queryByText(/Select Extensions|Insert a Cannery block|Shift\+Space/)).toBeNull();
  });

  it.each(HOSTS.filter((host) => host.context !== 'outlook'))('gives Chrome extension advice in the $name host', async (host) => {
    expect(await tipsShownIn(host)).toEqual(extensionTips('Ctrl+Shift+Space'));
    expect(screen.queryByText(/reading pane|press Reply|this pane/i)).toBeNull();
  });

  it('shows the playground what it is, not Outlook advice', async () => {
    expect(await tipsShownIn(HOSTS[1]!)).toEqual(PLAYGROUND_TIPS);
    expect(screen.queryByText(/pin|reading pane|Select Extensions/i)).toBeNull();
  });

  it('is shown once on a device: the next sign-in there goes on to Home', async () => {
    const host = makeFakeHost({ name: 'outlook', context: 'outlook' });
    renderApp('#/tips-screen', { host });
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
    await vi.waitFor(async () => expect(await host.storage.get(TIPS_SEEN_KEY)).not.toBeNull());
    cleanup();
    const clerk = makeUser({ email: 'clerk@aldercounty.example' });
    renderApp('#/tips-screen', { host, api: makeFakeApi([clerk]), auth: signedInState('cognito', `fake-id.${clerk.email}.1`, null) });
    await vi.waitFor(() => expect(window.location.hash).toBe('#/home'));
    expect(screen.queryByRole('heading', { name: 'Quick Tips' })).toBeNull();
  });

  it('remembers the device through a logout', async () => {
    const host = makeFakeHost();
    host.data.set(TIPS_SEEN_KEY, '2026-11-28T09:00:00.000Z');
    host.data.set('currentUser', '{}');
    await endSession(host.storage, null);
    expect([...host.data.keys()]).toEqual([TIPS_SEEN_KEY]);
  });

  it('names the Mac shortcut on a Mac', async () => {
    vi.spyOn(Navigator.prototype, 'platform', 'get').mockReturnValue('MacIntel');
    expect(await tipsShownIn({ name: 'gmail', context: 'gmail' })).toEqual(extensionTips('⌘+Shift+Space'));
  });
});

describe('the insert shortcut', () => {
  it('is Command+Shift+Space on a Mac, by either platform hint', () => {
    expect(isMac({ platform: 'MacIntel' })).toBe(true);
    expect(isMac({ userAgentData: { platform: 'macOS' }, platform: '' })).toBe(true);
    expect(insertShortcut({ userAgentData: { platform: 'macOS' } })).toBe('⌘+Shift+Space');
  });

  it('is Ctrl+Shift+Space elsewhere and when the platform is unknown', () => {
    expect(insertShortcut({ platform: 'Win32' })).toBe('Ctrl+Shift+Space');
    expect(insertShortcut({ userAgentData: { platform: 'Linux' }, platform: 'Linux x86_64' })).toBe('Ctrl+Shift+Space');
    expect(insertShortcut({ userAgentData: { platform: '' }, platform: '' })).toBe('Ctrl+Shift+Space');
    expect(insertShortcut({})).toBe('Ctrl+Shift+Space');
  });
});
