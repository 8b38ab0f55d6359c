/**
 * Every piece of Gmail's DOM the content script reads, and nothing else: no other file of
 * hosts/gmail or entrypoints/gmail.content.ts holds a selector (tests/unit/hosts/gmail-selectors.test.ts
 * checks that, and checks each selector against the fake Gmail in tests/fixtures/gmail/, which
 * reproduces exactly the markup below). Gmail's class names are generated but have been stable for
 * years; when Gmail changes one, this is the one place to fix, and the side panel says which part
 * Cannery lost (`page-check.ts`) instead of failing silently.
 *
 * Each entry says what it must match (the page state and element) and why Cannery reads it.
 */
export const GMAIL = {
  /**
   * Must match: the editable body of every compose: the new-message dialog, a popped-out window and
   * the inline reply under a thread; one element per compose, never the subject or a recipient field.
   * Why: it is where a block is inserted, and finding one is how a compose is detected at all.
   * Gmail marks its editor with `g_editable` and labels it "Message Body" (English UI); either
   * marker is enough, so a localised label still matches.
   */
  composeBody: 'div[contenteditable="true"][g_editable="true"], div[contenteditable="true"][aria-label="Message Body"]',
  /**
   * Must match: the new-message dialog (docked bottom-right, full-screen or popped out), as the
   * dialog ancestor of a compose body; not the inline reply, which has no dialog around it.
   * Why: the subject, recipients and toolbar of a new message are found inside it.
   */
  composeDialog: 'div[role="dialog"]',
  /**
   * Must match: the container of an inline reply or forward inside a thread: Gmail's compose
   * container (`M9`), or the reply area below the last message (`ip`) that holds it.
   * Why: an inline reply's subject, recipients and toolbar live there, and its subject must not be changed.
   */
  inlineComposeRoot: 'div.M9, div.ip',
  /**
   * Must match: the subject field of a compose: visible in a new message, hidden but filled in an
   * inline reply. Why: a block's subject line is written there; it is also the compose's title.
   */
  subject: 'input[name="subjectbox"]',
  /**
   * Must match: each new-style recipient chip in a compose's To row, one per address, with the
   * address in `data-hovercard-id` and the name in `data-name`. Why: recipients feed the block's variables.
   */
  toChips: '[name="to"] [role="option"][data-hovercard-id]',
  /**
   * Must match: the hidden input of each old-style recipient chip (`vR`), whose value is
   * "Name <address>". Why: older Gmail layouts still render the To row this way.
   */
  legacyToInputs: '.vR input[type="hidden"][name="to"]',
  /**
   * Must match: the hidden draft-id input a compose form carries once Gmail has saved the draft.
   * Why: it is the compose's stable item id, so the side panel can tell one draft from another.
   */
  draftId: 'input[name="draft"]',
  /**
   * Must match: the hidden input of a new-message form holding the address chosen in its From row:
   * the account's own, or a "send mail as" alias. Why: an alias is a mailbox that picks its team.
   */
  composeFrom: 'input[name="from"]',
  /**
   * Must match: the bottom toolbar row of a compose (Send, formatting, attach), one per compose.
   * Why: the Cannery button goes next to Send there; without it the button goes to the compose's end.
   */
  composeToolbar: 'tr.btC',

  /**
   * Must match: the subject heading of the open thread, in conversation view only (not in the inbox
   * list). Gmail keeps views it left in the page, hidden, so the visible one counts.
   * Why: it says a thread is open (read mode), gives its subject and carries the thread's id.
   */
  threadSubject: 'h2.hP',
  /**
   * Must match: any element carrying Gmail's thread id (the thread's heading, in conversation view),
   * whatever its class. Why: it tells "Gmail shows a thread" apart from "Cannery cannot read it":
   * when this matches and `threadSubject` does not, Gmail changed and the side panel says so.
   */
  threadIdCarrier: '[data-thread-perm-id], [data-legacy-thread-id]',
  /**
   * Must match: each message of the open thread, expanded or collapsed, in thread order.
   * Why: the latest expanded message is the one a reply answers.
   */
  message: 'div.adn',
  /**
   * Must match: the body of an expanded message, inside its `message`; absent while it is collapsed.
   * Why: its text is what recommendations read.
   */
  messageBody: 'div.a3s',
  /**
   * Must match: the quoted earlier messages inside a message body: Gmail's quote (`gmail_quote`, the
   * part Gmail hides behind "…"), and the cited blockquote of Apple Mail and Thunderbird; the
   * outermost one only when they nest. Why: the latest message is read apart from what it quotes,
   * which recommendations weigh less.
   */
  messageQuote: '.gmail_quote, blockquote[type="cite"]',
  /**
   * Must match: the sender of a message, in its header: name in `name` (or the text), address in `email`.
   * Why: the sender fills the block's sender variables, and is the one a reply goes to.
   */
  messageSender: 'span.gD[email]',
  /**
   * Must match: each To/Cc recipient listed in a message's header, with the address in `email`.
   * Why: the recipients of the email being read, as the app shows them.
   */
  messageRecipients: 'span.g2[email]',
  /**
   * Must match: the reply controls of the open thread: the Reply button in the header of each
   * expanded message, and the "Reply" link of the bar under the last message. The last visible one
   * replies to the latest message. Why: using a block while reading opens a reply through it.
   */
  replyButton: 'div[role="button"][aria-label="Reply"], span.ams.bkH',
  /**
   * Must match: the "Compose" button of the left navigation, once.
   * Why: a checklist opened while reading starts a new message with it.
   */
  composeButton: 'div[gh="cm"]',
} as const;

/**
 * What Gmail's address and title say about the mailbox shown, which no element carries:
 * - `delegatedPath` must match the path of a delegated account opened by its delegate
 *   (`/mail/u/0/d/<id>/`), and not the user's own (`/mail/u/0/`);
 * - `titleAccount` must match the address Gmail puts in the page title, "Inbox - <address> -
 *   Gmail": the delegated account's there, the user's own elsewhere.
 */
export const GMAIL_PAGE = {
  delegatedPath: /^\/mail\/u\/\d+\/d\/[^/]+/,
  titleAccount: / - ([^\s@]+@[^\s@]+\.[^\s@]+) - Gmail\b/,
} as const;

/** The attribute Cannery marks its own compose buttons with, its value the compose's id. */
export const CANNERY_BUTTON_ATTRIBUTE = 'data-cannery-compose-button';

/** Cannery's own compose buttons (not Gmail's DOM): to find and remove those an earlier copy left. */
export const CANNERY_BUTTON = `[${CANNERY_BUTTON_ATTRIBUTE}]`;
