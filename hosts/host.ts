/**
 * The contract between the shared Cannery app (`src/`) and the place it runs in.
 *
 * The app never touches a host global (`Office`, `chrome`, Gmail's DOM, the page being typed in):
 * everything it needs from its surroundings comes through React context: a `HostPlatform` (storage,
 * the sign-in pop-up) everywhere, and in the task pane a `HostAdapter`, which adds the `MailHost`.
 * Each folder under `hosts/` implements `HostAdapter` once; hosts never import each other. The
 * admin app has a platform only. This file is the only part of `hosts/` that `src/` may import.
 */

/** Which blocks a host shows: a block is offered only where its `supportedContexts` names the host. */
export type BlockContext = 'outlook' | 'gmail' | 'text_input';

/** The `context` recorded on a usage session (rules §3 "Session"). */
export type SessionContext = 'outlook' | 'chrome' | 'self-serve';

/** What is open in the host: an email being read, a reply or new message being written, or nothing. */
export type ItemMode = 'read' | 'compose' | 'none';

export interface EmailAddress {
  /** The name shown to the user, e.g. "Dana Ortiz"; empty when the host does not know it. */
  displayName: string;
  /** The address itself, e.g. "dana@example.org". */
  emailAddress: string;
}

/**
 * The mailbox an open item belongs to when it is not the user's own: a shared folder or shared
 * mailbox opened with delegate access in Outlook, a delegated account or a "send mail as" alias in
 * Gmail. The app shows the team the account admin mapped to `address`, and records the address
 * (never anything else about it) with uses and sessions.
 */
export interface ItemMailbox {
  /**
   * `shared`: Outlook's shared folder or shared mailbox (`getSharedPropertiesAsync`); `delegated`:
   * a Gmail account the user opened as a delegate; `alias`: the From address chosen in a Gmail
   * compose window when it is not the account's own.
   */
  kind: 'shared' | 'delegated' | 'alias';
  /** The mailbox's address, lower-cased, e.g. "elections@aldercounty.example". */
  address: string;
  /**
   * Whether the user may write there (a reply, a draft): in Outlook, the delegate's Write
   * permission. When false, `insertBlock` rejects with `HostError('read-only')` before asking the
   * host, and the app says why instead of showing a failed insertion.
   */
  canWrite: boolean;
}

/** A snapshot of the open item, as plain data; hosts produce a fresh object for every read. */
export interface MailItem {
  /** Read, compose or none; with `none` every other field is empty. */
  mode: ItemMode;
  /**
   * A stable identifier of the open item when the host has one (Outlook item id, Gmail thread id),
   * so the app can tell "another email was opened" from "the same email changed".
   */
  itemId: string | null;
  /** The body as plain text, quoted history included (recommendations weigh the quoted part less). */
  bodyText: string;
  /** The sender of the email being read, or the From of a compose item when the host exposes it. */
  sender: EmailAddress | null;
  /** To recipients (compose: as typed so far; read: as received). */
  recipients: EmailAddress[];
  /** The subject the user sees. */
  subject: string;
  /**
   * The mailbox the item belongs to when it is not the user's own (see `ItemMailbox`). Absent or
   * null in the user's own mailbox, and always in hosts without `capabilities.sharedMailboxes`.
   */
  mailbox?: ItemMailbox | null;
}

/**
 * "Nothing open": the app's value before the host has reported anything. A host that reads and
 * finds nothing open reports `noOpenItem()`, a fresh object, so the app can tell "read, and
 * nothing is open" (no classification, nothing to wait for) from "not read yet".
 */
export const EMPTY_ITEM: Readonly<MailItem> = Object.freeze({
  mode: 'none',
  itemId: null,
  bodyText: '',
  sender: null,
  recipients: [],
  subject: '',
});

/** What a host reports when it read and found nothing open (see `EMPTY_ITEM`). */
export function noOpenItem(): MailItem {
  return { ...EMPTY_ITEM, recipients: [] };
}

export interface BlockAttachment {
  name: string;
  url: string;
}

/** What inserting a block asks of the host. `html` has already been sanitised by the app. */
export interface InsertRequest {
  /** The block body, sanitised HTML, inserted at the cursor. */
  html: string;
  /** Plain-text rendering of `html`, for fields that cannot hold HTML (textarea, input). */
  text: string;
  /** Replaces the subject where the host can set it. */
  subjectLine?: string;
  /** Addresses added to Cc where the host can. */
  cc?: string[];
  /** Files attached by URL where the host can. */
  attachments?: BlockAttachment[];
}

/** What a host did with an `InsertRequest`, so the app can tell the user what it could not do. */
export interface InsertResult {
  /** `inserted`: into the open compose body; `reply-opened`: a reply form was opened with the block. */
  outcome: 'inserted' | 'reply-opened';
  /** Parts of the request this host cannot carry out (declared in `capabilities`, never silent). */
  skipped: Array<'subjectLine' | 'cc' | 'attachments'>;
  /**
   * Sentences for the user about parts that failed without failing the insertion, e.g. an
   * attachment whose address the host could not download. The app shows them after its own line.
   */
  notes?: string[];
}

/** What a host can do beyond inserting a body. The app hides or explains what is missing. */
export interface HostCapabilities {
  /** Can set the subject of the message being written. */
  subjectLine: boolean;
  /** Can add Cc recipients. */
  cc: boolean;
  /** Can attach files by URL. */
  attachments: boolean;
  /** In read mode, using a block opens a reply that contains it (Outlook, Gmail, playground). */
  replyFromRead: boolean;
  /** Can open a new, empty compose window (checklists opened from read view, rules §8). */
  newCompose: boolean;
  /**
   * Tells which mailbox the open item belongs to (`MailItem.mailbox`): Outlook with Mailbox 1.8
   * (shared folders) or 1.13 (shared mailboxes), Gmail (delegated accounts, From aliases). Without
   * it every item counts as the user's own and the user's own team is shown.
   */
  sharedMailboxes: boolean;
}

/** Why a host operation failed. The app maps each code to the spec's message. */
export type HostErrorCode =
  /** A block was used while no email is open in compose view. */
  | 'no-compose'
  /** The host refused or failed the insertion. */
  | 'insert-failed'
  /** The item could not be read. */
  | 'read-failed'
  /** The sign-in pop-up was closed by the user (Office code 12006). */
  | 'dialog-closed'
  /** The sign-in pop-up could not be opened or reported an error. */
  | 'dialog-failed'
  /** The host cannot do this at all (see `capabilities`). */
  | 'unsupported'
  /** The open item is in a mailbox the user may read but not write in (`ItemMailbox.canWrite`). */
  | 'read-only'
  /**
   * A reply was opened but the block could not be put into it from here (Outlook: a block over
   * the reply form's 32 KB whose reply opened outside the task pane); the user picks it again there.
   */
  | 'reply-without-block';

/** The kind of editor a block was to go into, as a failed insertion is counted (docs/monitoring.md). */
export type EditorKind = 'outlook-body' | 'gmail-compose' | 'playground-compose' | 'textarea' | 'input' | 'rich-text' | 'unknown';

/** The one error type hosts reject with; never thrown inside a host callback. */
export class HostError extends Error {
  readonly code: HostErrorCode;
  /** The kind of editor it failed in, where the host knows it (a text field's), for the failure count. */
  readonly editor: EditorKind | undefined;
  constructor(code: HostErrorCode, message: string, options?: { cause?: unknown; editor?: EditorKind }) {
    super(message, options);
    this.name = 'HostError';
    this.code = code;
    this.editor = options?.editor;
  }
}

/** String key-value storage of the host: `localStorage` in a web page, `chrome.storage.local` in the extension. */
export interface KeyValueStorage {
  /** The stored value, or null when absent. */
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key`, replacing what was there. */
  set(key: string, value: string): Promise<void>;
  /** Removes `key`; removing an absent key is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes every key of this app (logout clears all local storage, rules §4), except those `keep`
   * accepts (a remembered device's keys outlive the session they were made in).
   */
  clear(options?: { keep?: (key: string) => boolean }): Promise<void>;
}

/** Options for the sign-in pop-up (rules §9: the SSO dialog is 50 by 50, in percent of the screen). */
export interface AuthPopupOptions {
  /** Width in percent of the screen. */
  widthPercent: number;
  /** Height in percent of the screen. */
  heightPercent: number;
}

/**
 * How a host runs the work-account sign-in window (rules §2 dialog-landing and logout-landing, §7,
 * §9). Two shapes exist because the hosts' pop-ups differ:
 *
 * - `landing` (Outlook, playground): the pop-up opens one of the app's own pages
 *   (`landingUrl('dialog-landing')`; an Office dialog must start on the add-in's origin). That page
 *   sends the pop-up on to the provider, which returns to `redirectUri`, an app page in the same
 *   pop-up; the app there redeems the code and reports with `sendToOpener`, and `openAuthPopup`
 *   in the opener resolves with that report.
 * - `direct` (the Chrome extension): `openAuthPopup` opens the provider's address itself and
 *   resolves with the full address the provider redirected to (`chrome.identity.launchWebAuthFlow`);
 *   the app in the opener redeems the code.
 */
export interface WorkAccountWindow {
  mode: 'landing' | 'direct';
  /** The redirect URI this host registers with the provider: an absolute URL without a fragment. */
  redirectUri: string;
  /** The absolute address of an app route in this host, e.g. `https://…/taskpane.html#/dialog-landing`. */
  landingUrl(route: string): string;
}

/** What asking to expand shortcuts on a site came to: on, or refused by the user or the browser. */
export type TurnOnSiteOutcome = 'on' | 'refused';

/** The site of the page a window serves (the picker's), where the user can turn typed shortcuts on. */
export interface ShortcutSite {
  /** The site's origin, e.g. `https://example.org`. */
  readonly origin: string;
  /** Whether shortcuts expanded there when the window opened. */
  readonly on: boolean;
  /**
   * Asks the browser for this site alone and, granted, expands shortcuts there from now on. Call it
   * straight from the user's click, before anything is awaited: the browser asks only during a gesture.
   */
  turnOn(): Promise<TurnOnSiteOutcome>;
}

/** The sites where typed shortcuts expand, as Settings lists them. */
export interface ShortcutSites {
  /** The sites shortcuts expand on (origins), in the order they were turned on. */
  list(): Promise<string[]>;
  /** Stops expansion on `origin`: no script runs there any more, and its permission is given back. */
  turnOff(origin: string): Promise<void>;
}

/** Typed block shortcuts (docs/staff.md "Shortcuts"), in hosts where people type in web pages: the extension. */
export interface HostShortcuts {
  /** The site of the page this window serves, when shortcuts can be turned on from it (the picker on a web page). */
  readonly site?: ShortcutSite;
  /** The sites the user turned shortcuts on for, listed and turned off in Settings. */
  readonly sites?: ShortcutSites;
  /** Keeps the shortcuts of the user's blocks for the pages' keystroke listeners (strings only). */
  publish(shortcuts: readonly string[]): Promise<void>;
  /** The shortcut the user typed to open this window, whose block is to be inserted at once; null when it was opened otherwise. */
  readonly typed: string | null;
}

/**
 * What every page of the app needs from where it runs, mail or not: storage and the sign-in
 * pop-up. The admin app and the sign-in screens depend on this alone.
 */
export interface HostPlatform {
  /** Name of the host, for logs and diagnostics ("outlook", "gmail", "text-input", "playground", "admin"). */
  readonly name: string;
  /** Host storage for the stored browser values (tokens, team choice, caches, outbox). */
  readonly storage: KeyValueStorage;

  /**
   * Opens `url` in a sign-in pop-up. Resolves with what the pop-up reports: the message its app
   * page sends with `sendToOpener` (`landing` hosts), or the address the provider redirected to
   * (`direct` hosts). Rejects with `HostError('dialog-closed', 'Dialog window closed')` when the user
   * closes the pop-up first, and `HostError('dialog-failed')` when it cannot open.
   */
  openAuthPopup(url: string, options: AuthPopupOptions): Promise<string>;

  /** How this host's sign-in pop-up works, and its redirect URI. */
  readonly workAccount: WorkAccountWindow;

  /**
   * From a sign-in pop-up of a `landing` host: sends `message` to the window that opened it, where
   * it settles `openAuthPopup`. Rejects with `HostError('unsupported')` when this window was not
   * opened as such a pop-up (then there is no one to tell, and the app finishes in place).
   */
  sendToOpener(message: string): Promise<void>;
}

/** The mail host: the email open beside the app, and putting blocks into it. */
export interface MailHost {
  /** The `supportedContexts` value this host shows blocks for. */
  readonly context: BlockContext;
  /** The session context recorded for usage sessions. */
  readonly sessionContext: SessionContext;
  /** What this host can do beyond inserting a body. */
  readonly capabilities: HostCapabilities;
  /**
   * Sentences telling the user what this host cannot do in the client it runs in (an older
   * Outlook), shown on Home, so a missing feature is explained instead of failing. Absent or empty
   * when nothing is missing.
   */
  readonly limitations?: readonly string[];
  /** Typed shortcuts; absent in hosts whose pages cannot be watched for typing (Outlook, the playground). */
  readonly shortcuts?: HostShortcuts;

  /** Reads the open item now. Rejects with `HostError('read-failed')` when the host cannot. */
  readItem(): Promise<MailItem>;

  /**
   * Calls `onChange` with the open item now and whenever it changes, until `signal` aborts.
   * Hosts poll every 500 ms (rules §1) and may add events (Outlook's ItemChanged); they only call
   * `onChange` when something the user could see differs from the last call.
   */
  watchItem(onChange: (item: MailItem) => void, signal: AbortSignal): void;

  /**
   * Inserts a block at the cursor of the open compose body. In read mode hosts with
   * `capabilities.replyFromRead` open a reply containing the block; others reject with
   * `HostError('no-compose')`. In a mailbox the user may only read (`ItemMailbox.canWrite` false)
   * it rejects with `HostError('read-only')` without trying. Other failures reject with
   * `HostError('insert-failed')`.
   */
  insertBlock(request: InsertRequest): Promise<InsertResult>;

  /** Opens a new, empty compose window. Rejects with `HostError('unsupported')` without `capabilities.newCompose`. */
  openNewCompose(): Promise<void>;
}

/** A host the task pane runs in: its platform and its mail. Each folder under `hosts/` implements one. */
export interface HostAdapter extends HostPlatform, MailHost {}
