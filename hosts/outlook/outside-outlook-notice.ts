/** Why the task pane cannot start: what the notice explains besides "open it inside Outlook". */
export type OutsideOutlookReason = 'office-js-missing' | 'not-outlook' | 'no-answer';

/** Heading of the notice; tests assert it verbatim. */
export const OUTSIDE_OUTLOOK_HEADING = 'Open Cannery inside Outlook';

const DETAILS: Record<OutsideOutlookReason, string> = {
  'office-js-missing':
    "Office.js, Microsoft's add-in library, could not be loaded. If you are in Outlook, check the network connection and reopen the add-in.",
  'not-outlook': 'Office.js reports that this page is not running in Outlook.',
  'no-answer': 'Outlook did not answer within a few seconds.',
};

/**
 * Replaces the content of `root` with a notice that this page is the Outlook task pane, so someone
 * who opens it in a plain browser sees what to do instead of a blank page. Styles live in
 * `taskpane.html` (`.cannery-notice`), so the notice needs no script beyond this.
 */
export function showOutsideOutlookNotice(root: HTMLElement, reason: OutsideOutlookReason): void {
  const doc = root.ownerDocument;
  const notice = doc.createElement('main');
  notice.className = 'cannery-notice';

  const heading = doc.createElement('h1');
  heading.textContent = OUTSIDE_OUTLOOK_HEADING;

  const explanation = doc.createElement('p');
  explanation.textContent =
    "This page is Cannery's Outlook task pane and only works inside Outlook: add the Cannery add-in to Outlook, open an email and choose Cannery on the ribbon.";

  const detail = doc.createElement('p');
  detail.className = 'cannery-notice-detail';
  detail.textContent = DETAILS[reason];

  const playground = doc.createElement('a');
  playground.href = '/';
  playground.textContent = 'Try Cannery in the playground';

  notice.append(heading, explanation, detail, playground);
  root.replaceChildren(notice);
}
