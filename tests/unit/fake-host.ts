import { vi } from 'vitest';
import { EMPTY_ITEM, HostError, type HostAdapter, type MailItem } from '../../hosts/host';
import { createApiClient } from '../../src/api/client';
import type { AuthServices } from '../../src/auth/auth-services';

/** An in-memory host for component tests: records insertions, serves a settable item. */
export type FakeHost = HostAdapter & { item: MailItem; data: Map<string, string> };

export function makeFakeHost(overrides: Partial<HostAdapter> = {}): FakeHost {
  const data = new Map<string, string>();
  const host: FakeHost = {
    name: 'fake',
    context: 'outlook' as const,
    sessionContext: 'outlook' as const,
    capabilities: { subjectLine: true, cc: true, attachments: true, replyFromRead: true, newCompose: true, sharedMailboxes: false },
    item: EMPTY_ITEM,
    data,
    storage: {
      get: (key: string) => Promise.resolve(data.get(key) ?? null),
      set: (key: string, value: string) => Promise.resolve(void data.set(key, value)),
      remove: (key: string) => Promise.resolve(void data.delete(key)),
      clear: (options: { keep?: (key: string) => boolean } = {}) => {
        for (const key of [...data.keys()]) if (!options.keep?.(key)) data.delete(key);
        return Promise.resolve();
      },
    },
    readItem: () => Promise.resolve(host.item),
    watchItem: (onChange: (item: MailItem) => void) => onChange(host.item),
    insertBlock: vi.fn(() => Promise.resolve({ outcome: 'inserted' as const, skipped: [] })),
    openNewCompose: vi.fn(() => Promise.resolve()),
    openAuthPopup: vi.fn(() => Promise.reject(new Error('no pop-ups in tests'))),
    workAccount: {
      mode: 'landing' as const,
      redirectUri: 'https://cannery.test/outlook/taskpane.html',
      landingUrl: (route: string) => `https://cannery.test/outlook/taskpane.html#/${route}`,
    },
    sendToOpener: vi.fn(() => Promise.reject(new HostError('unsupported', 'not a pop-up'))),
    ...overrides,
  };
  return host;
}

/**
 * Sign-in services for tests that are not about sign-in: no user pool (sign-in unavailable) and an
 * API client whose every request fails, so nothing reaches a network by accident.
 */
export function makeOfflineAuthServices(): AuthServices {
  return {
    userPool: null,
    api: createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch: () => Promise.reject(new Error('no network in tests')) }),
    sso: null,
  };
}

/** Keys that logout keeps on purpose: the outbox of unsent records (see src/tracking/usage-tracking.tsx). */
const OUTBOX_KEYS = new Set(['persistedUserAutoResponsesRecord', 'persistedOutboxResults']);

/** What a fake host still stores beside the outbox, which logout puts back after clearing storage. */
export function storedBesideOutbox(host: FakeHost): string[] {
  return [...host.data.keys()].filter((key) => !OUTBOX_KEYS.has(key));
}
