import { describe, expect, it, vi } from 'vitest';
import { createExtensionStorage } from '../../../hosts/shared/extension-services';
import { SHORTCUT_SITES_KEY } from '../../../hosts/shared/site-messages';
import { createLocalStorage } from '../../../src/platform/web-storage';
import { endSession, isRememberedDeviceKey } from '../../../src/auth/token-lifecycle';
import { makeFakeHost } from '../fake-host';
import { messagesOf } from '../support/console';

const DEVICE_KEYS = ['deviceKey', 'deviceGroupKey', 'randomPasswordKey'].map((kind) => `CognitoIdentityServiceProvider.cannery-app.clerk@example.gov.${kind}`);
const SESSION_KEYS = ['idToken', 'accessToken', 'refreshToken', 'LastAuthUser'].map((kind) => `CognitoIdentityServiceProvider.cannery-app.clerk@example.gov.${kind}`);

describe('logout keeps a remembered device and nothing else', () => {
  it("recognises Amplify's device keys only", () => {
    for (const key of DEVICE_KEYS) expect(isRememberedDeviceKey(key)).toBe(true);
    for (const key of [...SESSION_KEYS, 'currentUser', 'deviceKey', 'CognitoIdentityServiceProvider.deviceKey', `x${DEVICE_KEYS[0] ?? ''}`]) {
      expect(isRememberedDeviceKey(key)).toBe(false);
    }
  });

  it('clears the session from a web page’s storage, keeps the device keys, and leaves other pages’ keys alone', async () => {
    localStorage.clear();
    localStorage.setItem('another-app', 'kept');
    const storage = createLocalStorage();
    for (const key of [...DEVICE_KEYS, ...SESSION_KEYS, 'currentUser']) await storage.set(key, 'value');
    const signOut = vi.fn(() => Promise.resolve());
    await endSession(storage, { signOut } as never);
    expect(signOut).toHaveBeenCalledOnce();
    expect(Object.keys(localStorage).sort()).toEqual(['another-app', ...DEVICE_KEYS.map((key) => `cannery:${key}`)].sort());
    await storage.clear();
    expect(Object.keys(localStorage)).toEqual(['another-app']);
  });

  it('does the same in the extension’s storage areas', async () => {
    const data = new Map<string, unknown>([...DEVICE_KEYS, ...SESSION_KEYS, SHORTCUT_SITES_KEY].map((key) => [key, 'value']));
    const area = {
      get: vi.fn((key: string | null) => Promise.resolve(key === null ? Object.fromEntries(data) : { [key]: data.get(key) })),
      set: vi.fn(() => Promise.resolve()),
      remove: vi.fn((keys: string | string[]) => Promise.resolve(void [keys].flat().forEach((key) => data.delete(key)))),
      clear: vi.fn(() => Promise.resolve(data.clear())),
    };
    const session = { get: vi.fn(() => Promise.resolve({})), set: vi.fn(() => Promise.resolve()), remove: vi.fn(() => Promise.resolve()), clear: vi.fn(() => Promise.resolve()) };
    const storage = createExtensionStorage(area, session);
    await storage.clear({ keep: isRememberedDeviceKey });
    // The sites where shortcuts expand are the browser's setting, not the user's data: they stay.
    expect([...data.keys()].sort()).toEqual([...DEVICE_KEYS, SHORTCUT_SITES_KEY].sort());
    await storage.clear();
    expect([...data.keys()]).toEqual([SHORTCUT_SITES_KEY]);
  });

  it('clears storage even when the pool cannot sign out', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { storage, data } = makeFakeHost();
    for (const key of [...DEVICE_KEYS, ...SESSION_KEYS]) await storage.set(key, 'value');
    await endSession(storage, { signOut: () => Promise.reject(new Error('offline')) } as never);
    expect([...data.keys()].sort()).toEqual([...DEVICE_KEYS].sort());
    expect(messagesOf(consoleWarn)).toEqual(new Set(['User-pool sign-out failed; clearing local storage anyway']));
  });
});
