/**
 * The extension's server from the managed configuration (hosts/shared/managed-server.ts), with a
 * fake of the browser's storage: `managed` is read-only as the browser makes it (only policy fills
 * it), `local`, `sync` and `session` are writable, as a page's content script or another part of
 * the extension could write them. Chromium's real policy cannot be installed in this test
 * environment (it needs a machine-wide policy file), so the browser side is this fake.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionServer, MANAGED_SERVER_KEY, managedServerOrigin, type ManagedArea } from '../../../hosts/shared/managed-server';

const BUILD = 'https://cannery.build.example/api';

/** A storage area as the browser has it; `readOnly` areas refuse writes as Chrome's managed area does. */
function area(initial: Record<string, unknown>, readOnly = false) {
  const items = { ...initial };
  return {
    get: (key: string) => Promise.resolve(key in items ? { [key]: items[key] } : {}),
    set: (values: Record<string, unknown>) => {
      if (readOnly) return Promise.reject(new Error('This is a read-only store.'));
      Object.assign(items, values);
      return Promise.resolve();
    },
  };
}

function fakeStorage(policy: Record<string, unknown>) {
  return { managed: area(policy, true), local: area({}), sync: area({}), session: area({}) };
}

describe('the extension server from the managed configuration', () => {
  it('a managed server wins over the build default', async () => {
    const storage = fakeStorage({ server: 'https://cannery.county.example' });
    expect(await extensionServer(storage.managed, BUILD)).toEqual({ apiBase: 'https://cannery.county.example/api', source: 'managed' });
  });

  it('without a managed value, or where reading managed storage fails (no policy, Firefox without one), the build default', async () => {
    expect(await extensionServer(fakeStorage({}).managed, BUILD)).toEqual({ apiBase: BUILD, source: 'build' });
    expect(await extensionServer(undefined, BUILD)).toEqual({ apiBase: BUILD, source: 'build' });
    const failing: ManagedArea = { get: () => Promise.reject(new Error('Managed storage manifest not found')) };
    expect(await extensionServer(failing, BUILD)).toEqual({ apiBase: BUILD, source: 'build' });
  });

  it('a page cannot point Cannery at its server: what it can write is never read, and the managed area refuses writes', async () => {
    const storage = fakeStorage({});
    // Everything a content script (or a page talking to one) could write.
    for (const writable of [storage.local, storage.sync, storage.session]) await writable.set({ [MANAGED_SERVER_KEY]: 'https://evil.example' });
    await expect(storage.managed.set({ [MANAGED_SERVER_KEY]: 'https://evil.example' })).rejects.toThrow('read-only');
    expect(await extensionServer(storage.managed, BUILD)).toEqual({ apiBase: BUILD, source: 'build' });
    // With a policy, the writable areas still change nothing.
    const managed = fakeStorage({ server: 'https://cannery.county.example' });
    await managed.local.set({ [MANAGED_SERVER_KEY]: 'https://evil.example' });
    expect((await extensionServer(managed.managed, BUILD)).apiBase).toBe('https://cannery.county.example/api');
  });

  it('a managed value that is not a server origin is ignored, and the build default used', async () => {
    for (const value of ['javascript:alert(1)', 'http://cannery.county.example', 'https://user:secret@cannery.county.example', 'https://cannery.county.example/other', 'https://cannery.county.example/?next=x', 'cannery.county.example', '', 42, ['https://a.example']]) {
      expect(managedServerOrigin(value), String(value)).toBeNull();
      expect(await extensionServer(fakeStorage({ server: value }).managed, BUILD), String(value)).toEqual({ apiBase: BUILD, source: 'build' });
    }
    expect(managedServerOrigin(' https://Cannery.County.Example/ ')).toBe('https://cannery.county.example');
    expect(managedServerOrigin('http://localhost:8787')).toBe('http://localhost:8787');
  });

  it('the schema Chrome shows IT declares exactly the key the extension reads', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'public', 'managed-schema.json'), 'utf8')) as { type: string; properties: Record<string, { type: string }> };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual([MANAGED_SERVER_KEY]);
    expect(schema.properties[MANAGED_SERVER_KEY]?.type).toBe('string');
  });
});
