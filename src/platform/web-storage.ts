import type { KeyValueStorage } from '../../hosts/host';

const PREFIX = 'cannery:';

/** Host storage on `localStorage` for hosts that are web pages (task pane, playground), namespaced so clearing it leaves other pages' keys alone. */
export function createLocalStorage(storage: Storage = globalThis.localStorage): KeyValueStorage {
  // Storage throws when full or disabled; run each call inside a promise so it rejects instead.
  const attempt = <T>(operation: () => T): Promise<T> => new Promise((resolve) => resolve(operation()));
  return {
    get: (key) => attempt(() => storage.getItem(PREFIX + key)),
    set: (key, value) => attempt(() => storage.setItem(PREFIX + key, value)),
    remove: (key) => attempt(() => storage.removeItem(PREFIX + key)),
    clear: (options = {}) =>
      attempt(() => {
        for (const key of Object.keys(storage)) {
          if (key.startsWith(PREFIX) && !options.keep?.(key.slice(PREFIX.length))) storage.removeItem(key);
        }
      }),
  };
}
