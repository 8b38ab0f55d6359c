import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageSenderLike } from '../../../hosts/shared/senders';
import { createSiteRegistry, SHORTCUT_SITES_KEY, siteOrigin, type SiteRegistry, type SiteScript } from '../../../hosts/text-input/site-registry';
import { publishShortcuts } from '../../../hosts/shared/shortcut-store';
import { SENDERS, TEST_EXTENSION } from '../../fixtures/factories';

/**
 * The sites where typed shortcuts expand (docs/staff.md "Shortcuts"): the registry (the browser's grant,
 * the registered script, the stored list) and the background's messages about it, with who may
 * send each: only the picker that claimed a grant turns on a site, and only the grant's site;
 * only the extension's own pages list sites and turn them off; a page never turns itself on.
 */

type Handler = (message: { data: unknown; sender: MessageSenderLike }) => unknown;
const handlers = vi.hoisted(() => new Map<string, Handler>());
const sent = vi.hoisted(() => [] as Array<{ type: string; data: unknown; target: unknown }>);
const injected = vi.hoisted(() => [] as unknown[]);
const frames = vi.hoisted(() => ({ list: [] as Array<{ frameId: number; result: unknown }> }));
vi.mock('../../../hosts/text-input/protocol', async (original) => ({
  ...(await original<object>()),
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
  siteMessaging: {
    onMessage: (type: string, handler: Handler) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
  },
}));
vi.mock('wxt/browser', () => ({
  browser: {
    runtime: { onInstalled: { addListener: () => undefined } },
    contextMenus: { onClicked: { addListener: () => undefined } },
    commands: { onCommand: { addListener: () => undefined } },
    action: { setBadgeText: () => Promise.resolve(), setBadgeBackgroundColor: () => Promise.resolve(), setTitle: () => Promise.resolve() },
    scripting: {
      executeScript: (injection: { files?: string[] }) => {
        if (injection.files) {
          injected.push(injection);
          return Promise.resolve([]);
        }
        return Promise.resolve(frames.list);
      },
    },
    storage: { session: {}, local: {} },
  },
}));

const { createTextInputBackground } = await import('../../../hosts/text-input/background');
const { pickerSite } = await import('../../../hosts/text-input/adapter');

function memoryArea() {
  const data: Record<string, unknown> = {};
  return {
    data,
    get: (key: string | null) => Promise.resolve(key === null ? { ...data } : key in data ? { [key]: data[key] } : {}),
    set: (items: Record<string, unknown>) => Promise.resolve(void Object.assign(data, items)),
    remove: (keys: string | string[]) => Promise.resolve(void [keys].flat().forEach((key) => delete data[key])),
  };
}

/** The browser's side: which sites it granted, and the scripts registered. */
function fakeBrowser(granted: string[] = []) {
  const scripts = new Map<string, SiteScript>();
  const permissions = {
    granted: new Set(granted),
    contains: vi.fn((request: { origins: string[] }) => Promise.resolve(request.origins.every((origin) => permissions.granted.has(origin)))),
    remove: vi.fn((request: { origins: string[] }) => Promise.resolve(request.origins.every((origin) => permissions.granted.delete(origin)))),
  };
  const scripting = {
    scripts,
    registerContentScripts: vi.fn((list: SiteScript[]) => {
      for (const script of list) {
        if (scripts.has(script.id)) return Promise.reject(new Error(`Duplicate script ID '${script.id}'`));
        scripts.set(script.id, script);
      }
      return Promise.resolve();
    }),
    unregisterContentScripts: vi.fn((filter: { ids: string[] }) => Promise.resolve(void filter.ids.forEach((id) => scripts.delete(id)))),
    getRegisteredContentScripts: vi.fn((filter: { ids: string[] }) => Promise.resolve([...scripts.values()].filter((script) => filter.ids.includes(script.id)))),
  };
  return { permissions, scripting };
}

const SITE = 'https://help.example.org';

describe('siteOrigin', () => {
  it('takes the origin of an http or https page and nothing else', () => {
    expect(siteOrigin(SITE)).toBe(SITE);
    expect(siteOrigin(`${SITE}/`)).toBe(SITE);
    expect(siteOrigin('http://localhost:8798')).toBe('http://localhost:8798');
    for (const value of [`${SITE}/path`, 'file:///tmp/a.html', 'about:blank', 'javascript:alert(1)', 'chrome-extension://abc', '*://*/*', '', 42, null, `https://${'a'.repeat(400)}.example`]) {
      expect(siteOrigin(value), String(value)).toBeNull();
    }
  });
});

describe('the site registry', () => {
  let store: ReturnType<typeof memoryArea>;
  let browser: ReturnType<typeof fakeBrowser>;
  let sites: SiteRegistry;

  beforeEach(() => {
    store = memoryArea();
    browser = fakeBrowser();
    sites = createSiteRegistry({ store, ...browser, contentScriptFile: 'content-scripts/text-field.js' });
  });

  it('turns on nothing the browser did not grant', async () => {
    expect(await sites.turnOn(SITE)).toBe('not-granted');
    expect(await sites.turnOn('file:///tmp/a.html')).toBe('not-a-site');
    expect(browser.scripting.scripts.size).toBe(0);
    expect(await sites.list()).toEqual([]);
    expect(await sites.isOn(SITE)).toBe(false);
  });

  it('registers the script on every frame of a granted site, lists it once, and answers isOn', async () => {
    browser.permissions.granted.add(`${SITE}/*`);
    expect(await sites.turnOn(`${SITE}/`)).toBe('on');
    expect(await sites.turnOn(SITE)).toBe('on');
    expect([...browser.scripting.scripts.values()]).toEqual([
      {
        id: `cannery-site:${SITE}`,
        matches: [`${SITE}/*`],
        js: ['content-scripts/text-field.js'],
        allFrames: true,
        matchOriginAsFallback: true,
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
    expect(store.data[SHORTCUT_SITES_KEY]).toEqual([SITE]);
    expect(await sites.isOn(SITE)).toBe(true);
    expect(await sites.isOn('https://other.example')).toBe(false);
  });

  it('turns a site off: script unregistered, off the list, permission given back; a permission the build holds stays, the site is off all the same', async () => {
    browser.permissions.granted.add(`${SITE}/*`).add('http://localhost/*');
    await sites.turnOn(SITE);
    await sites.turnOff(SITE);
    expect(browser.scripting.scripts.size).toBe(0);
    expect(await sites.list()).toEqual([]);
    expect(browser.permissions.remove).toHaveBeenCalledWith({ origins: [`${SITE}/*`] });
    expect(browser.permissions.granted.has(`${SITE}/*`)).toBe(false);

    browser.permissions.granted.add('http://localhost:8798/*');
    await sites.turnOn('http://localhost:8798');
    browser.permissions.remove.mockRejectedValueOnce(new Error('You cannot remove required permissions.'));
    await sites.turnOff('http://localhost:8798');
    expect(await sites.isOn('http://localhost:8798')).toBe(false);
    expect(browser.scripting.scripts.size).toBe(0);
  });

  it('restores the scripts of listed sites the browser still grants, and drops the others from the list', async () => {
    browser.permissions.granted.add(`${SITE}/*`).add('https://gone.example/*');
    await sites.turnOn(SITE);
    await sites.turnOn('https://gone.example');
    // An update dropped the scripts; the user took one site's access back in the browser.
    browser.scripting.scripts.clear();
    browser.permissions.granted.delete('https://gone.example/*');
    await sites.restore();
    expect(await sites.list()).toEqual([SITE]);
    expect([...browser.scripting.scripts.keys()]).toEqual([`cannery-site:${SITE}`]);
    // Nothing to do: nothing registered twice.
    await sites.restore();
    expect(browser.scripting.registerContentScripts).toHaveBeenCalledTimes(3);
  });

  it('stores nothing when no site is turned on: a browser that never used it keeps no list', async () => {
    await sites.restore();
    expect(Object.keys(store.data)).toEqual([]);
  });

  it('reads back only sites from what is stored', async () => {
    store.data[SHORTCUT_SITES_KEY] = [SITE, SITE, 'javascript:alert(1)', 42, 'https://other.example/x'];
    expect(await sites.list()).toEqual([SITE]);
    store.data[SHORTCUT_SITES_KEY] = 'not a list';
    expect(await sites.list()).toEqual([]);
  });
});

describe('the background and the sites', () => {
  let sites: SiteRegistry;
  let browser: ReturnType<typeof fakeBrowser>;
  const call = (type: string, sender: MessageSenderLike, data?: unknown) => handlers.get(type)!({ data, sender });
  const TAB = 12;
  const pickerSender = SENDERS.picker(TAB, 7);

  /** A picker opened over the top frame of tab `TAB` on `origin`, its grant claimed by `pickerSender`. */
  async function claimedGrant(background: ReturnType<typeof createTextInputBackground>, origin: string): Promise<string> {
    sent.length = 0;
    await background.startInsertion({ tabId: TAB, frameId: 0 }, `${origin}/compose`);
    const grant = (sent[0]?.data as { grant: string }).grant;
    const claimed = await call('text-input:claim-picker', pickerSender, { grant });
    expect(claimed).toEqual(expect.objectContaining({ origin, shortcutsOn: false }));
    sent.length = 0;
    return grant;
  }

  let background: ReturnType<typeof createTextInputBackground>;
  beforeEach(async () => {
    handlers.clear();
    sent.length = 0;
    injected.length = 0;
    browser = fakeBrowser([`${SITE}/*`]);
    sites = createSiteRegistry({ store: memoryArea(), ...browser, contentScriptFile: 'content-scripts/text-field.js' });
    const shortcuts = memoryArea();
    await publishShortcuts(shortcuts, [';vote']);
    background = createTextInputBackground({
      contentScriptFile: '/content-scripts/text-field.js',
      self: TEST_EXTENSION,
      grantStore: memoryArea(),
      shortcutStore: shortcuts,
      expandsOn: (origin) => sites.isOn(origin),
      sites,
    });
    background.register();
  });

  it("turns on the site of the picker's grant, and starts expansion in its tab at once", async () => {
    const grant = await claimedGrant(background, SITE);
    frames.list = [
      { frameId: 0, result: { origin: SITE, running: true } },
      { frameId: 4, result: { origin: SITE, running: false } },
      { frameId: 5, result: { origin: 'https://ads.example', running: false } },
    ];
    expect(await call('text-input:turn-on-site', pickerSender, { grant, origin: 'https://evil.example' })).toBe('on');
    expect(await sites.list()).toEqual([SITE]);
    // The frame that runs the script asks for the shortcuts again; the one without gets it; another site's frame nothing.
    expect(sent).toEqual([{ type: 'text-input:reload-shortcuts', data: undefined, target: { tabId: TAB, frameId: 0 } }]);
    expect(injected).toEqual([{ target: { tabId: TAB, frameIds: [4] }, files: ['/content-scripts/text-field.js'] }]);
    // Now its content scripts get the shortcuts.
    expect(await call('text-input:shortcuts', SENDERS.contentScript(SITE))).toEqual([';vote']);
  });

  it('answers "not-granted" when the browser did not grant the site, and turns nothing on', async () => {
    const grant = await claimedGrant(background, 'https://other.example');
    expect(await call('text-input:turn-on-site', pickerSender, { grant })).toBe('not-granted');
    expect(await sites.list()).toEqual([]);
    expect(injected).toEqual([]);
  });

  it('refuses to turn on a site for anyone but the picker that claimed the grant', async () => {
    const grant = await claimedGrant(background, SITE);
    for (const sender of [SENDERS.picker(TAB, 8), SENDERS.picker(TAB + 1, 7), SENDERS.contentScript(SITE, TAB), SENDERS.sidePanel, SENDERS.background, SENDERS.otherExtension]) {
      await expect(Promise.resolve().then(() => call('text-input:turn-on-site', sender, { grant })), JSON.stringify(sender)).rejects.toThrow('refused');
    }
    await expect(Promise.resolve().then(() => call('text-input:turn-on-site', pickerSender, { grant: 'x'.repeat(43) }))).rejects.toThrow('refused');
    expect(await sites.list()).toEqual([]);
    expect(await call('text-input:shortcuts', SENDERS.contentScript(SITE))).toEqual([]);
  });

  it("lists and turns off sites for the side panel and a picker with its grant, and for no page's script", async () => {
    browser.permissions.granted.add(`${SITE}/*`);
    await sites.turnOn(SITE);
    expect(await call('sites:list', SENDERS.sidePanel, {})).toEqual([SITE]);
    // The side panel shown in a tab of its own.
    expect(await call('sites:list', { ...SENDERS.sidePanel, tab: { id: 3 } }, {})).toEqual([SITE]);
    const grant = await claimedGrant(background, 'https://other.example');
    expect(await call('sites:list', pickerSender, { grant })).toEqual([SITE]);
    for (const sender of [SENDERS.picker(TAB, 7), SENDERS.contentScript(SITE), SENDERS.otherExtension, { url: `${TEST_EXTENSION.origin}/sidepanel.html` }]) {
      await expect(Promise.resolve().then(() => call('sites:list', sender, {})), JSON.stringify(sender)).rejects.toThrow('refused');
      await expect(Promise.resolve().then(() => call('sites:turn-off', sender, { origin: SITE })), JSON.stringify(sender)).rejects.toThrow('refused');
    }
    expect(await sites.list()).toEqual([SITE]);
    await call('sites:turn-off', SENDERS.sidePanel, { origin: SITE });
    expect(await sites.list()).toEqual([]);
    expect(browser.scripting.scripts.size).toBe(0);
    expect(await call('text-input:shortcuts', SENDERS.contentScript(SITE))).toEqual([]);
  });
});

describe("the picker's site", () => {
  it('asks the browser for the site alone, synchronously in the call (the click), then the background with the grant', async () => {
    const request = vi.fn(() => Promise.resolve(true));
    const sendMessage = vi.fn(() => Promise.resolve('on'));
    const shown = pickerSite('g'.repeat(43), `${SITE}/`, false, { permissions: { request }, messaging: { sendMessage } });
    expect(shown).toEqual(expect.objectContaining({ origin: SITE, on: false }));
    const asking = shown!.turnOn();
    // Asked before the first await: the browser prompts only during the user's gesture.
    expect(request).toHaveBeenCalledWith({ origins: [`${SITE}/*`] });
    expect(await asking).toBe('on');
    expect(sendMessage).toHaveBeenCalledWith('text-input:turn-on-site', { grant: 'g'.repeat(43) });
  });

  it('answers "refused" when the user or the background says no, and is no site on a page without one', async () => {
    const sendMessage = vi.fn(() => Promise.resolve('not-granted'));
    expect(await pickerSite('g'.repeat(43), SITE, false, { permissions: { request: () => Promise.resolve(false) }, messaging: { sendMessage } })!.turnOn()).toBe('refused');
    expect(sendMessage).not.toHaveBeenCalled();
    expect(await pickerSite('g'.repeat(43), SITE, false, { permissions: { request: () => Promise.resolve(true) }, messaging: { sendMessage } })!.turnOn()).toBe('refused');
    expect(pickerSite('g'.repeat(43), 'file:///tmp/a.html', false)).toBeNull();
  });
});
