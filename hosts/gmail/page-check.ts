import type { ComposeEntry } from './compose-registry';
import { isShown } from './dom-text';
import { latestMessage, readThread } from './read-item';
import { GMAIL } from './selectors';

/**
 * The parts of Gmail's page Cannery anchors to, checked while it runs. A selector that stops
 * matching after a Gmail change must not fail silently: each check below needs a second sign that
 * the part is on the page (a compose's subject field, a thread's id) and reports the part Cannery
 * could not find, so the side panel can say what no longer works and what to do instead.
 * Nothing is reported while Gmail shows nothing of the kind (no compose open, no thread open).
 */
export type GmailAnchor = 'compose-body' | 'compose-toolbar' | 'thread' | 'message-body' | 'message-sender' | 'reply-button';

/** What the side panel says for each missing part: what stops working, and the way around it. */
export const ANCHOR_MESSAGES: Readonly<Record<GmailAnchor, string>> = Object.freeze({
  'compose-body':
    "Cannery could not find where to type in Gmail's compose window, so it cannot insert blocks there. " +
    "Show a block's whole text with its Show the text button, then copy it into Gmail.",
  'compose-toolbar':
    "Cannery could not find the toolbar of Gmail's compose window, so its Cannery button is at the bottom of the compose instead. " +
    'Inserting blocks from this panel works as usual.',
  thread:
    'Cannery could not read the email open in Gmail, so it cannot recommend blocks for it or open a reply with one. ' +
    'Click Reply in Gmail, then pick a block.',
  'message-body': 'Cannery could not read the text of the email open in Gmail, so its recommendations leave that email out. Blocks still insert.',
  'message-sender': 'Cannery could not find who sent the email open in Gmail, so blocks cannot fill in the sender\'s name.',
  'reply-button':
    "Cannery could not find Gmail's Reply button, so picking a block while reading does not open a reply. " +
    'Click Reply in Gmail first, then pick the block.',
});

/** The order the side panel lists them in: what blocks insertion first. */
const ORDER: readonly GmailAnchor[] = ['compose-body', 'thread', 'reply-button', 'compose-toolbar', 'message-body', 'message-sender'];

const shown = (...lists: Array<NodeListOf<Element>>): Element[] => lists.flatMap((elements) => Array.from(elements)).filter(isShown);

/** The parts of the page Cannery needs now and cannot find; [] when all is well. */
export function checkGmailPage(doc: Document, composes: readonly ComposeEntry[]): GmailAnchor[] {
  const missing = new Set<GmailAnchor>();

  // A compose form (its subject or draft field) with no body Cannery recognises.
  for (const field of shown(doc.querySelectorAll(GMAIL.subject), doc.querySelectorAll(GMAIL.draftId))) {
    const root = field.closest(GMAIL.composeDialog) ?? field.closest(GMAIL.inlineComposeRoot) ?? doc;
    if (!root.querySelector(GMAIL.composeBody)) missing.add('compose-body');
  }
  for (const compose of composes) {
    if (compose.body.isConnected && !compose.root.querySelector(GMAIL.composeToolbar)) missing.add('compose-toolbar');
  }

  if (!readThread(doc)) {
    // Gmail shows a thread (its id is on the page) that Cannery cannot read.
    if (shown(doc.querySelectorAll(GMAIL.threadIdCarrier)).length > 0) missing.add('thread');
  } else {
    const latest = latestMessage(doc);
    if (!latest) missing.add('message-body');
    else if (!latest.querySelector(GMAIL.messageSender)) missing.add('message-sender');
    // Only needed while no compose is open: with one, a block goes there.
    if (composes.length === 0 && shown(doc.querySelectorAll(GMAIL.replyButton)).length === 0) missing.add('reply-button');
  }
  return ORDER.filter((anchor) => missing.has(anchor));
}
