import { defineExtensionMessaging } from '@webext-core/messaging';
import type { HostErrorCode, InsertRequest, InsertResult, MailItem } from '../host';
import type { GmailAnchor } from './page-check';

/**
 * What a Gmail content-script handler answers. Handlers never throw across the channel: a thrown
 * error would be indistinguishable from "no content script in this tab", which the side panel
 * treats as "nothing open" rather than as a failure.
 */
export type GmailReply<T> = { ok: true; value: T } | { ok: false; code: HostErrorCode; message: string };

/**
 * The Gmail channel. Type names carry a `gmail:` prefix because every messenger of the extension
 * shares `runtime.onMessage`; a listener ignores types it does not know, so names must not collide
 * with the text-input channel.
 */
export interface GmailProtocol {
  /** Side panel -> Gmail tab: the open item (thread being read, or compose being written). */
  'gmail:read-item'(): GmailReply<MailItem>;
  /** Side panel -> Gmail tab: insert a block at the compose cursor, or open a reply with it in read mode. */
  'gmail:insert-block'(request: InsertRequest): GmailReply<InsertResult>;
  /**
   * Side panel -> Gmail tab: the parts of Gmail's page Cannery needs now and cannot find (a Gmail
   * change), so the panel can say so; [] when all is well.
   */
  'gmail:check-page'(): GmailAnchor[];
  /** Side panel -> Gmail tab: click Gmail's Compose button. */
  'gmail:open-new-compose'(): GmailReply<null>;
  /** Gmail tab -> background: open the side panel in the sender's tab (the "Cannery" compose button). */
  'gmail:open-side-panel'(): void;
}

/** The only origin the Gmail content script runs on (see wxt.config.ts and entrypoints/gmail.content.ts). */
export const GMAIL_ORIGIN = 'https://mail.google.com';

export const gmailMessaging = defineExtensionMessaging<GmailProtocol>();
