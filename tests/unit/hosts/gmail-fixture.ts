/**
 * The fake Gmail of the end-to-end tests (tests/fixtures/gmail/), for unit tests in happy-dom:
 * `loadGmailFixture()` puts its markup in the document; `gmailFake()` opens a compose or an inline
 * reply the way the page's own script does when Compose or Reply is clicked.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// The page's behaviour script, run once in this DOM (happy-dom runs no page scripts): it exposes
// window.gmailFake and adds a document-level click listener for Compose and Reply, as on the page.
import '../../fixtures/gmail/gmail-fake.js';

const FIXTURE_DIR = resolve(import.meta.dirname, '../../fixtures/gmail');

const fixtureBody = (() => {
  const parsed = new DOMParser().parseFromString(readFileSync(resolve(FIXTURE_DIR, 'index.html'), 'utf8'), 'text/html');
  // The behaviour script is imported above instead: happy-dom loads no script files.
  for (const script of Array.from(parsed.querySelectorAll('script'))) script.remove();
  return parsed.body.innerHTML;
})();

/** Replaces the document's body with the fake Gmail's, as loaded: a thread open, no compose. */
export function loadGmailFixture(): void {
  document.body.innerHTML = fixtureBody;
}

export interface GmailFake {
  /** Adds a new-message dialog, as clicking Compose does. */
  openCompose(): void;
  /** Replaces the reply bar under the thread with an inline reply, as clicking Reply does. */
  openInlineReply(): void;
}

export function gmailFake(): GmailFake {
  return (window as unknown as { gmailFake: GmailFake }).gmailFake;
}
