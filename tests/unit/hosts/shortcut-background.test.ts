import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageSenderLike } from '../../../hosts/shared/senders';
import { SHORTCUTS_KEY, publishShortcuts, storedShortcuts } from '../../../hosts/shared/shortcut-store';
import { SENDERS, TEST_EXTENSION } from '../../fixtures/factories';

/**
 * The background's side of typed shortcuts: which senders get the user's shortcuts, and which may
 * ask for one to be expanded (the picker opened over it with a grant that names the shortcut).
 */

type Handler = (message: { data: unknown; sender: MessageSenderLike }) => unknown;
const handlers = vi.hoisted(() => new Map<string, Handler>());
const sent = vi.hoisted(() => [] as Array<{ type: string; data: unknown; target: unknown }>);
vi.mock('../../../hosts/text-input/protocol', () => ({
  textInputMessaging: {
    onMessage: (type: string, handler: Handler) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
    sendMessage: (type: string, data: unknown, target: unknown) => {
      sent.push({ type, data, target });
      return Promise.resolve(true);
    },
  },
}));
vi.mock('../../../hosts/shared/site-messages', () => ({
  SHORTCUT_SITES_KEY: 'cannery.shortcut-sites',
  siteMessaging: { onMessage: () => () => undefined, sendMessage: () => Promise.resolve() },
}));
vi.mock('wxt/browser', () => ({
  browser: {
    runtime: { onInstalled: { addListener: () => undefined } },
    contextMenus: { onClicked: { addListener: () => undefined } },
    commands: { onCommand: { addListener: () => undefined } },
    scripting: { executeScript: () => Promise.resolve([]) },
    storage: { session: {}, local: {} },
  },
}));

const { createTextInputBackground } = await import('../../../hosts/text-input/background');

function memoryArea() {
  const data: Record<string, unknown> = {};
  return {
    data,
    get: (key: string | null) => Promise.resolve(key === null ? { ...data } : key in data ? { [key]: data[key] } : {}),
    set: (items: Record<string, unknown>) => Promise.resolve(void Object.assign(data, items)),
    remove: (keys: string | string[]) => Promise.resolve(void [keys].flat().forEach((key) => delete data[key])),
  };
}

const GMAIL = 'https://mail.google.com';
const call = (type: string, sender: MessageSenderLike, data?: unknown) => handlers.get(type)!({ data, sender });

beforeEach(async () => {
  handlers.clear();
  sent.length = 0;
  const shortcuts = memoryArea();
  await publishShortcuts(shortcuts, [';vote', '/Sig', 'not one', ';vote']);
  createTextInputBackground({
    contentScriptFile: '/content-scripts/text-field.js',
    self: TEST_EXTENSION,
    grantStore: memoryArea(),
    shortcutStore: shortcuts,
    expandsOn: (origin) => Promise.resolve(origin === GMAIL),
  }).register();
});

describe('the shortcut store', () => {
  it('keeps valid shortcuts once each, in their compared form, and reads nothing else back', async () => {
    const area = memoryArea();
    await publishShortcuts(area, [';Vote', ';vote', 'vote', '/sig']);
    expect(area.data[SHORTCUTS_KEY]).toEqual([';vote', '/sig']);
    area.data[SHORTCUTS_KEY] = [';ok', 42, 'bad', { x: 1 }];
    expect(await storedShortcuts(area)).toEqual([';ok']);
    area.data[SHORTCUTS_KEY] = 'not a list';
    expect(await storedShortcuts(area)).toEqual([]);
  });
});

describe('the background and typed shortcuts', () => {
  it("gives the shortcuts to Cannery's content script on Gmail, and to nobody else", async () => {
    expect(await call('text-input:shortcuts', SENDERS.contentScript(GMAIL))).toEqual([';vote', '/sig']);
    for (const sender of [
      SENDERS.contentScript('https://evil.example'),
      SENDERS.picker(3),
      SENDERS.sidePanel,
      SENDERS.otherExtension,
      { ...SENDERS.contentScript(GMAIL), id: 'abcdefghijklmnopabcdefghijklmnop' },
      { url: `${GMAIL}/mail/u/0/` },
    ]) {
      expect(await call('text-input:shortcuts', sender), JSON.stringify(sender)).toEqual([]);
    }
  });

  it("opens the picker over a known shortcut typed on Gmail, with a grant naming it; refuses unknown shortcuts and other pages", async () => {
    expect(await call('text-input:expand-shortcut', SENDERS.contentScript(GMAIL, 5), { shortcut: ';VOTE' })).toBe(true);
    expect(sent).toEqual([
      expect.objectContaining({ type: 'text-input:open-picker', data: expect.objectContaining({ shortcut: ';vote', origin: GMAIL, target: { tabId: 5, frameId: 0 } }) }),
    ]);
    sent.length = 0;
    expect(await call('text-input:expand-shortcut', SENDERS.contentScript(GMAIL), { shortcut: ';other' })).toBe(false);
    expect(await call('text-input:expand-shortcut', SENDERS.contentScript(GMAIL), { shortcut: 42 })).toBe(false);
    expect(await call('text-input:expand-shortcut', SENDERS.contentScript(GMAIL), undefined)).toBe(false);
    expect(await call('text-input:expand-shortcut', SENDERS.contentScript('https://evil.example'), { shortcut: ';vote' })).toBe(false);
    expect(await call('text-input:expand-shortcut', SENDERS.picker(3), { shortcut: ';vote' })).toBe(false);
    expect(sent).toEqual([]);
  });
});
