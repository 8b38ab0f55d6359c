import { z } from 'zod';

/**
 * `POST ACCOUNT_ROUTES.insertionFailures`: a client says a block could not be inserted, so
 * operators see it counted (server/observability). Only where and how it failed, from fixed lists:
 * never the block, the email, the page or the person.
 */
export const INSERTION_HOSTS = ['outlook', 'gmail', 'playground', 'text-input'] as const;

/** The kind of editor the block was to go into: hosts/host.ts's EditorKind, which a unit test holds to this list. */
export const EDITOR_KINDS = ['outlook-body', 'gmail-compose', 'playground-compose', 'textarea', 'input', 'rich-text', 'unknown'] as const;

/** The hosts' error codes (hosts/host.ts HostErrorCode), and `unknown` for anything else thrown. */
export const INSERTION_ERROR_CODES = ['no-compose', 'insert-failed', 'read-failed', 'unsupported', 'read-only', 'reply-without-block', 'unknown'] as const;

export const insertionFailure = z
  .object({
    host: z.enum(INSERTION_HOSTS),
    editor: z.enum(EDITOR_KINDS),
    code: z.enum(INSERTION_ERROR_CODES),
  })
  .strict();
export type InsertionFailure = z.infer<typeof insertionFailure>;
