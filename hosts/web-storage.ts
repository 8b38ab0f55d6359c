import type { KeyValueStorage } from './host';

const PREFIX = 'cannery:';

/** Host storage on `localStorage` for hosts that are web pages (task pane, playground), namespaced so clearing it leaves other pages' keys alone. */
export function createLocalStorage(storage: Storage = globalThis.localStorage): KeyValueStorage {
  return {
    get: (key) => Promise.resolve(storage.getItem(PREFIX + key)),
    set: (key, value) => {
      storage.setItem(PREFIX + key, value);
      return Promise.resolve();
    },
    remove: (key) => {
      storage.removeItem(PREFIX + key);
      return Promise.resolve();
    },
    clear: () => {
      for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
      return Promise.resolve();
    },
  };
}
