// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { closeToContentScripts, createExtensionStorage, isSecretKey, type StorageAreaLike } from '../../../hosts/shared/extension-services';
import { isBackground, isContentScriptOn, isExtensionPage } from '../../../hosts/shared/senders';
import { createPickerGrants, GRANT_CLAIM_MS, GRANT_KEEP_MS, isGrantShaped } from '../../../hosts/text-input/picker-grants';
import { SENDERS, TEST_EXTENSION } from '../../fixtures/factories';

vi.mock('wxt/browser', () => ({ browser: {} }));

/** A storage area in memory, as `chrome.storage.local` or `.session` behaves; `accessLevels` says whether it takes setAccessLevel. */
function memoryArea(options: { accessLevels?: 'supported' | 'refused' | 'absent' } = {}) {
  const data = new Map<string, unknown>();
  const area: StorageAreaLike & { data: Map<string, unknown>; level: string | null } = {
    data,
    level: null,
    get: (keys) => {
      if (keys === null) return Promise.resolve(Object.fromEntries(data));
      const wanted = [keys].flat();
      return Promise.resolve(Object.fromEntries(wanted.filter((key) => data.has(key)).map((key) => [key, structuredClone(data.get(key))])));
    },
    set: (items) => Promise.resolve(void Object.entries(items).forEach(([key, value]) => data.set(key, structuredClone(value)))),
    remove: (keys) => Promise.resolve(void [keys].flat().forEach((key) => data.delete(key))),
    clear: () => Promise.resolve(data.clear()),
  };
  if (options.accessLevels !== 'absent') {
    area.setAccessLevel = ({ accessLevel }) => {
      if (options.accessLevels === 'refused') return Promise.reject(new Error('This StorageArea does not support setAccessLevel.'));
      area.level = accessLevel;
      return Promise.resolve();
    };
  }
  return area;
}

const GMAIL = 'https://mail.google.com';

describe('who may send what: the sender rules', () => {
  it('knows the background by its script, its origin and the absence of a tab', () => {
    expect(isBackground(SENDERS.background, TEST_EXTENSION)).toBe(true);
    expect(isBackground({ ...SENDERS.background, tab: { id: 1 } }, TEST_EXTENSION)).toBe(false);
    expect(isBackground(SENDERS.sidePanel, TEST_EXTENSION)).toBe(false);
    expect(isBackground(SENDERS.otherExtension, TEST_EXTENSION)).toBe(false);
    expect(isBackground({ ...SENDERS.background, id: 'other' }, TEST_EXTENSION)).toBe(false);
    expect(isBackground({ id: TEST_EXTENSION.id, url: 'https://evil.example/background.js' }, TEST_EXTENSION)).toBe(false);
    expect(isBackground({ id: TEST_EXTENSION.id }, TEST_EXTENSION)).toBe(false);
    expect(isBackground({ id: TEST_EXTENSION.id, url: 'not a url' }, TEST_EXTENSION)).toBe(false);
  });

  it('knows the side panel (no tab) from the picker (framed in a tab)', () => {
    expect(isExtensionPage(SENDERS.sidePanel, TEST_EXTENSION, '/sidepanel.html')).toBe(true);
    expect(isExtensionPage({ ...SENDERS.sidePanel, tab: { id: 3 } }, TEST_EXTENSION, '/sidepanel.html')).toBe(false);
    expect(isExtensionPage(SENDERS.picker(3), TEST_EXTENSION, '/picker.html')).toBe(true);
    expect(isExtensionPage({ ...SENDERS.picker(3), tab: undefined }, TEST_EXTENSION, '/picker.html')).toBe(false);
    expect(isExtensionPage(SENDERS.picker(3), TEST_EXTENSION, '/sidepanel.html')).toBe(false);
    expect(isExtensionPage(SENDERS.contentScript(GMAIL), TEST_EXTENSION, '/picker.html')).toBe(false);
  });

  it("knows Cannery's Gmail script: Gmail's origin, a tab, the top frame", () => {
    expect(isContentScriptOn(SENDERS.contentScript(GMAIL), TEST_EXTENSION, GMAIL)).toBe(true);
    expect(isContentScriptOn(SENDERS.contentScript('https://mail.google.com.evil.example'), TEST_EXTENSION, GMAIL)).toBe(false);
    expect(isContentScriptOn(SENDERS.contentScript('http://mail.google.com'), TEST_EXTENSION, GMAIL)).toBe(false);
    expect(isContentScriptOn({ ...SENDERS.contentScript(GMAIL), frameId: 4 }, TEST_EXTENSION, GMAIL)).toBe(false);
    expect(isContentScriptOn({ ...SENDERS.contentScript(GMAIL), tab: undefined }, TEST_EXTENSION, GMAIL)).toBe(false);
    expect(isContentScriptOn(SENDERS.picker(3, 0), TEST_EXTENSION, GMAIL)).toBe(false);
    expect(isContentScriptOn(SENDERS.sidePanel, TEST_EXTENSION, GMAIL)).toBe(false);
  });
});

describe('picker grants', () => {
  const target = { tabId: 5, frameId: 2 };
  const ORIGIN = 'https://clerk.example';

  function grants(start = 1_000_000) {
    const clock = { now: start };
    const store = memoryArea();
    return { grants: createPickerGrants(store, () => clock.now), clock, store };
  }

  it('issues unguessable one-time grants kept in session storage, one live grant per frame', async () => {
    const { grants: g, store } = grants();
    const first = await g.issue(target, ORIGIN);
    const second = await g.issue(target, ORIGIN);
    expect(isGrantShaped(first)).toBe(true);
    expect(first).not.toBe(second);
    expect([...store.data.keys()]).toEqual([`picker-grant:${second}`]);
    expect(await g.current(target)).toBe(second);
    expect(await g.current({ tabId: 5, frameId: 0 })).toBeNull();
  });

  it('gives the target only to a picker framed in the granted tab, once', async () => {
    const { grants: g } = grants();
    const grant = await g.issue(target, ORIGIN);
    // Another tab that learned the grant: refused, and the grant stays for the real picker.
    expect(await g.claim(grant, SENDERS.picker(target.tabId + 1))).toBeNull();
    expect(await g.claim(grant, SENDERS.picker(target.tabId, 9))).toEqual({ target, origin: ORIGIN });
    // Another frame of the same tab (a page's frame that framed its own picker): refused.
    expect(await g.claim(grant, SENDERS.picker(target.tabId, 10))).toBeNull();
    // The same picker frame again (its page reloaded): still its own.
    expect(await g.claim(grant, SENDERS.picker(target.tabId, 9))).toEqual({ target, origin: ORIGIN });
  });

  it('tells whether a picker frame claimed a grant (one that never did was kept out of its page)', async () => {
    const { grants: g } = grants();
    const grant = await g.issue(target, ORIGIN);
    expect(await g.isClaimed(grant)).toBe(false);
    await g.claim(grant, SENDERS.picker(target.tabId + 1));
    expect(await g.isClaimed(grant)).toBe(false);
    await g.claim(grant, SENDERS.picker(target.tabId, 9));
    expect(await g.isClaimed(grant)).toBe(true);
    expect(await g.isClaimed('y'.repeat(43))).toBe(false);
  });

  it("relays a picker's requests only from the frame that claimed the grant", async () => {
    const { grants: g } = grants();
    const grant = await g.issue(target, ORIGIN);
    expect(await g.verify(grant, SENDERS.picker(target.tabId, 9))).toBeNull();
    await g.claim(grant, SENDERS.picker(target.tabId, 9));
    expect(await g.verify(grant, SENDERS.picker(target.tabId, 9))).toEqual(target);
    expect(await g.verify(grant, SENDERS.picker(target.tabId, 10))).toBeNull();
    expect(await g.verify(grant, SENDERS.picker(target.tabId + 1, 9))).toBeNull();
    expect(await g.verify('y'.repeat(43), SENDERS.picker(target.tabId, 9))).toBeNull();
    expect(await g.verify({ grant }, SENDERS.picker(target.tabId, 9))).toBeNull();
  });

  it('lets exactly one of two frames claiming at once have it', async () => {
    const { grants: g } = grants();
    const grant = await g.issue(target, ORIGIN);
    const answers = await Promise.all([g.claim(grant, SENDERS.picker(target.tabId, 9)), g.claim(grant, SENDERS.picker(target.tabId, 10))]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('refuses forged, malformed, expired and frameless claims', async () => {
    const { grants: g, clock } = grants();
    const grant = await g.issue(target, ORIGIN);
    for (const forged of [undefined, null, 42, '', 'x'.repeat(43), `${grant}x`, { grant }, 'picker-grant:'.padEnd(43, 'a'), '\u0000'.repeat(43)]) {
      expect(await g.claim(forged, SENDERS.picker(target.tabId))).toBeNull();
    }
    expect(await g.claim(grant, { ...SENDERS.picker(target.tabId), frameId: undefined })).toBeNull();
    expect(await g.claim(grant, { ...SENDERS.picker(target.tabId), tab: undefined })).toBeNull();
    clock.now += GRANT_CLAIM_MS + 1;
    expect(await g.claim(grant, SENDERS.picker(target.tabId))).toBeNull();
  });

  it('forgets grants after their time, claimed or not', async () => {
    const { grants: g, clock, store } = grants();
    const claimed = await g.issue(target, ORIGIN);
    await g.claim(claimed, SENDERS.picker(target.tabId));
    clock.now += GRANT_KEEP_MS + 1;
    expect(await g.claim(claimed, SENDERS.picker(target.tabId))).toBeNull();
    await g.issue({ tabId: 6, frameId: 0 }, ORIGIN);
    expect([...store.data.keys()]).toHaveLength(1);
  });
});

describe("the extension's storage keeps tokens from content scripts", () => {
  it('closes storage.local to content scripts where the browser allows it, and keeps everything there', async () => {
    const local = memoryArea();
    const session = memoryArea();
    const storage = createExtensionStorage(local, session);
    await storage.set('CognitoIdentityServiceProvider.app.dana.refreshToken', 'r1');
    await storage.set('cannery:outbox', '[]');
    expect(local.level).toBe('TRUSTED_CONTEXTS');
    expect([...local.data.keys()].sort()).toEqual(['CognitoIdentityServiceProvider.app.dana.refreshToken', 'cannery:outbox']);
    expect(session.data.size).toBe(0);
    expect(await storage.get('CognitoIdentityServiceProvider.app.dana.refreshToken')).toBe('r1');
  });

  it('where it cannot (Firefox), keeps credentials in storage.session and the rest in storage.local', async () => {
    for (const accessLevels of ['refused', 'absent'] as const) {
      const local = memoryArea({ accessLevels });
      const session = memoryArea();
      const storage = createExtensionStorage(local, session);
      const secrets = ['CognitoIdentityServiceProvider.app.dana.refreshToken', 'CognitoIdentityServiceProvider.app.dana.idToken', 'microsoftRefreshToken', 'codeVerifier', 'CognitoIdentityServiceProvider.app.dana.deviceKey'];
      for (const key of [...secrets, 'cannery:outbox', 'cannery:selected-team']) await storage.set(key, 'v');
      expect([...session.data.keys()].sort()).toEqual([...secrets].sort());
      expect([...local.data.keys()].sort()).toEqual(['cannery:outbox', 'cannery:selected-team']);
      expect(await storage.get('microsoftRefreshToken')).toBe('v');
      await storage.remove('microsoftRefreshToken');
      expect(session.data.has('microsoftRefreshToken')).toBe(false);
      await storage.clear();
      expect(session.data.size + local.data.size).toBe(0);
    }
  });

  it('names what is a credential', () => {
    for (const key of ['x.accessToken', 'microsoftIdToken', 'x.randomPasswordKey', 'x.deviceGroupKey']) expect(isSecretKey(key)).toBe(true);
    for (const key of ['x.LastAuthUser', 'cannery:outbox', 'state', 'x.clockDrift']) expect(isSecretKey(key)).toBe(false);
  });

  it('reports whether the area could be closed', async () => {
    expect(await closeToContentScripts(memoryArea())).toBe(true);
    expect(await closeToContentScripts(memoryArea({ accessLevels: 'refused' }))).toBe(false);
    expect(await closeToContentScripts(memoryArea({ accessLevels: 'absent' }))).toBe(false);
  });
});
