/**
 * Gmail's DOM, as the content script reads it. Gmail's class names are generated but have been
 * stable for years; each selector says which page state it matches, and the fixture in
 * tests/fixtures/gmail/ reproduces exactly these, so a Gmail change shows up as one place to fix.
 */
export const GMAIL = {
  /**
   * The body of any compose: the new-message dialog, a popped-out window and the inline reply under
   * a thread. Gmail marks its editor with `g_editable` and labels it "Message Body" (English UI);
   * either marker is enough, so a localised label still matches.
   */
  composeBody: 'div[contenteditable="true"][g_editable="true"], div[contenteditable="true"][aria-label="Message Body"]',
  /** The new-message dialog (bottom-right) or the full-screen/pop-out compose: the body's dialog ancestor. */
  composeDialog: 'div[role="dialog"]',
  /**
   * An inline reply or forward inside a thread: Gmail's compose container (`M9`) in the reply area
   * below the last message (`ip`). The body has no dialog ancestor there.
   */
  inlineComposeRoot: 'div.M9, div.ip',
  /** The compose's subject field (hidden but filled in inline replies). */
  subject: 'input[name="subjectbox"]',
  /** New-style recipient chips in the To row: one option per address, address in `data-hovercard-id`. */
  toChips: '[name="to"] [role="option"][data-hovercard-id]',
  /** Old-style recipient chips: a `vR` chip with a hidden input whose value is "Name <address>". */
  legacyToInputs: '.vR input[type="hidden"][name="to"]',
  /** The draft id Gmail keeps in every compose form once the draft is saved. */
  draftId: 'input[name="draft"]',
  /** The compose's bottom toolbar row (Send button, formatting, attach), where the Cannery button goes. */
  composeToolbar: 'tr.btC',

  /** The subject heading of the open thread (conversation view only). */
  threadSubject: 'h2.hP',
  /** One message of the open thread (expanded or collapsed). */
  message: 'div.adn',
  /** The body of an expanded message (absent while the message is collapsed). */
  messageBody: 'div.a3s',
  /** The sender of a message: name in `name` (or the text), address in `email`. */
  messageSender: 'span.gD[email]',
  /** The To/Cc recipients listed in a message's header. */
  messageRecipients: 'span.g2[email]',
  /**
   * Reply controls of the open thread: the header button of each expanded message, and the "Reply"
   * link of the bar under the last message. The last visible one replies to the latest message.
   */
  replyButton: 'div[role="button"][aria-label="Reply"], span.ams.bkH',
  /** The "Compose" button of the left navigation. */
  composeButton: 'div[gh="cm"]',
} as const;

/** The element Cannery marks its own compose buttons with, to find and remove them. */
export const CANNERY_BUTTON_ATTRIBUTE = 'data-cannery-compose-button';
