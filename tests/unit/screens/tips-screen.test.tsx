import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { BlockContext } from '../../../hosts/host';
import { insertShortcut, isMac } from '../../../src/screens/tips-screen/shortcut';
import { makeFakeHost } from '../fake-host';
import { renderApp } from '../auth/render-app';

const OUTLOOK_TIPS = [
  'Pin the plug-in. Select the pin at the top of this pane so Cannery stays open as you move from one email to the next.',
  'Plug-in greyed out? Turn on the reading pane (View, then Reading Pane, then Show on the right) and select an email; Cannery opens beside it.',
  'No need to press Reply. While reading an email, just select a block: Cannery opens the reply with it already filled in.',
];

const extensionTips = (shortcut: string) => [
  "Pin Cannery to the toolbar. Select the puzzle-piece icon in Chrome's toolbar, then the pin next to Cannery; its icon then opens Cannery in the side panel.",
  'In Gmail, open an email or a compose window. The side panel follows the email you have open, and a Cannery button appears in each compose window to open the panel there.',
  `On any other page. Right-click a text field and choose 'Insert a Cannery block', or press ${shortcut} while you type in it.`,
];

/** The hosts as their adapters name themselves (hosts/<name>/adapter.ts). */
const HOSTS: Array<{ name: string; context: BlockContext }> = [
  { name: 'outlook', context: 'outlook' },
  { name: 'playground', context: 'outlook' },
  { name: 'gmail', context: 'gmail' },
  { name: 'text-input', context: 'text_input' },
];

async function tipsShownIn(host: { name: string; context: BlockContext }): Promise<string[]> {
  renderApp('#/tips-screen', { host: makeFakeHost(host) });
  expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Continue to Home' }).getAttribute('href')).toBe('#/home');
  return (await screen.findAllByRole('listitem')).map((item) => item.textContent ?? '');
}

describe('quick tips', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(HOSTS.filter((host) => host.context === 'outlook'))('gives Outlook advice in the $name host', async (host) => {
    expect(await tipsShownIn(host)).toEqual(OUTLOOK_TIPS);
    expect(screen.queryByText(/puzzle-piece|Insert a Cannery block|Shift\+Space/)).toBeNull();
  });

  it.each(HOSTS.filter((host) => host.context !== 'outlook'))('gives Chrome extension advice in the $name host', async (host) => {
    expect(await tipsShownIn(host)).toEqual(extensionTips('Ctrl+Shift+Space'));
    expect(screen.queryByText(/reading pane|press Reply|this pane/i)).toBeNull();
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
