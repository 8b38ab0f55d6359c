/**
 * Serialises read-modify-writes of the outbox. Windows of the extension (side panel, picker) share
 * one storage, so an unserialised enqueue in one window can overwrite another's; the Web Locks API
 * serialises across them. Where it is missing (older Office webviews) or refused (the picker framed
 * into a web page), an in-process mutex still serialises the callers of this page.
 */

/** The part of `navigator.locks` (Web Locks API) the outbox uses; tests pass a fake. */
export interface OutboxLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export const OUTBOX_LOCK_NAME = 'cannery-outbox';

/** A per-name FIFO mutex within this JavaScript realm. */
export function createInProcessLocks(): OutboxLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(callback, callback);
      const tail = result.catch(() => undefined);
      tails.set(name, tail);
      // Forget the name once idle, so the map does not grow with every call.
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return result;
    },
  };
}

// One per realm, like Web Locks: two outboxes made on the same storage in one page still exclude each other.
const inProcessLocks = createInProcessLocks();

/**
 * `navigator.locks` when the platform has it and grants it, else the realm's in-process mutex.
 *
 * Chrome refuses Web Locks with a `SecurityError` in a document without storage access of its own,
 * such as the text-field picker (an extension page framed into a web page, where Chrome also denies
 * localStorage). The outbox's storage (`chrome.storage.local`) works there all the same, so such a
 * page serialises its own callers rather than keep no records at all; it no longer excludes the
 * side panel, whose writes could interleave with its own only when both write the outbox at once.
 */
export function defaultOutboxLocks(): OutboxLocks {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks || typeof locks.request !== 'function') return inProcessLocks;
  let refused = false;
  return {
    async request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      if (refused) return inProcessLocks.request(name, callback);
      let granted = false;
      try {
        return await locks.request(name, () => {
          granted = true;
          return callback();
        });
      } catch (error) {
        // A failure of the callback itself is the caller's, and must not run it twice.
        if (granted || !isSecurityError(error)) throw error;
        refused = true;
        return inProcessLocks.request(name, callback);
      }
    },
  };
}

function isSecurityError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'SecurityError';
}
