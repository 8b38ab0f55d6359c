/**
 * What the Chrome Web Store, addons.mozilla.org and Microsoft Marketplace ask of a listing beyond
 * the package: the texts, the single-purpose statement, one justification per permission the
 * extension's manifest asks for, the privacy-practices declaration and the reviewers' test notes.
 * `npm run package:stores` writes them out; tests/unit/extension/store-listing.test.ts holds the
 * justifications to wxt.config.ts's manifest and the declaration to what the extension sends (the
 * data inventory's client calls) and to Firefox's `data_collection_permissions`.
 */
import { ADDIN } from './manifest-source';

export const LISTING = {
  name: 'Cannery',
  /** The Chrome Web Store's summary (132 characters at most) and AMO's. */
  summary: 'Saved replies for high-volume email: insert your team\'s approved answers into Gmail or any text field in one click.',
  description: `Cannery keeps your office's saved replies ("blocks") one click away while you answer email.

- In Gmail, the side panel suggests the blocks that fit the email you have open; one click inserts a block into your reply, with its variables filled in.
- In any other text field, right-click and choose "Insert a Cannery block", or press Ctrl+Shift+Space, to pick a block and insert it at the cursor.
- Blocks are written and kept up to date by your office's administrators, so every answer is the approved one.

Cannery needs an account on your office's Cannery server; your office's IT can install it for everyone and set the server for you.`,
  category: { chrome: 'Productivity > Communication', firefox: 'Productivity' },
  singlePurpose:
    "Cannery has one purpose: inserting your office's saved email replies (blocks) into the reply or text field you are writing, in Gmail's side panel or any text field you choose.",
} as const;

/** Why the extension asks for each permission, in the words the Chrome Web Store's form takes. */
export const PERMISSION_JUSTIFICATIONS: Readonly<Record<string, string>> = {
  storage:
    "Keeps the user's sign-in and their team's block shortcuts in the extension's own storage (cleared at sign-out), and reads the managed configuration in which an office's IT names its Cannery server.",
  contextMenus: 'Adds "Insert a Cannery block" to the right-click menu of text fields, which opens the block picker for that field.',
  sidePanel: "Shows Cannery's blocks in Chrome's side panel next to Gmail, where the user picks the block to insert into the reply.",
  activeTab:
    'Lets the picker insert a block into the text field the user right-clicked or pressed the shortcut in, on that tab only, at that moment; the extension has no standing access to any site.',
  scripting: 'Injects the small script that inserts the chosen block at the cursor of that text field, on the tab activeTab granted, when the user asks.',
  identity: "Opens the office's work-account sign-in page (Microsoft or another OpenID Connect provider) in the browser's sign-in window and receives its answer.",
  'https://*/*':
    'Optional, never asked at install: when the user turns on typed shortcuts for one site from the picker, the browser asks them for that one site, so shortcuts expand there from page load.',
  'http://*/*': 'Optional, as for https: the same one-site grant for a site served over plain http, asked only when the user turns shortcuts on there.',
};

/** A data type of the stores' privacy forms the extension sends, and why. */
export interface DeclaredData {
  /** The Chrome Web Store's "data usage" category. */
  chrome: string;
  /** Firefox's `data_collection_permissions` id. */
  firefox: string;
  what: string;
}

/** What the extension sends, and where (the data inventory's client calls it makes). */
export const PRIVACY_PRACTICES = {
  /** The ids of the data inventory's client calls the extension makes (server/privacy/data-inventory.ts). */
  sendsThrough: ['cannery-api', 'sign-in-window'],
  data: [
    { chrome: 'Authentication information', firefox: 'authenticationInfo', what: "the sign-in to the office's Cannery server (a password proof, never the password, or a work-account token)" },
    { chrome: 'Personally identifiable information', firefox: 'personallyIdentifyingInfo', what: "the staff member's email address and name, which their Cannery account holds" },
    { chrome: 'Website content', firefox: 'websiteContent', what: 'the text of the Gmail email that is open, sent for block suggestions, and the text of a block inserted into a page' },
  ] satisfies DeclaredData[],
  /** The certifications the Chrome Web Store asks for, each true of Cannery. */
  certifications: [
    'I do not sell or transfer user data to third parties, outside of the approved use cases.',
    'I do not use or transfer user data for purposes that are unrelated to my item\'s single purpose.',
    'I do not use or transfer user data to determine creditworthiness or for lending purposes.',
  ],
} as const;

/** The Marketplace reviewers' test notes: the demo account and the steps to see the add-in work. */
export function marketplaceTestNotes(origin: string, demo: { email: string; password: string }): string {
  return `# Cannery: test notes for Microsoft Marketplace reviewers

Cannery is an Outlook add-in that inserts an office's saved replies ("blocks") into the email being written.

## Demo account

- Server: ${origin}
- Email: ${demo.email}
- Password: ${demo.password}

This account signs in with Cannery's own password sign-in, which works without single sign-on (a work account is not needed).
Its office has demo blocks for an Elections and a Recorder team.

## Steps

1. Install the add-in from the unified manifest (manifest.json in cannery-outlook-app.zip) or the XML manifest (manifest.xml).
2. In Outlook, open any email and choose **${ADDIN.labels.button}** on the ribbon (Home tab, **${ADDIN.labels.group}** group). The task pane opens.
3. Sign in with the demo account above. The first screen shows tips; choose **Continue to Home**.
4. Home lists the blocks recommended for the open email. Choose a block (for example "Track My Ballot"): on an email you are reading, Cannery opens a reply that contains it; in a reply you are writing, it is inserted at the cursor.
5. Type in **Search name or content** (for example "vote center") to find other blocks; the star keeps a block in Favourites.
6. Open a shared mailbox's email, if the test tenant has one: the add-in works there too (SupportsSharedFolders).

## Links

- Privacy policy: ${origin}${ADDIN.paths.privacy}
- Terms of use: ${origin}${ADDIN.paths.terms}
- Support: ${origin}${ADDIN.paths.support}
`;
}

/** The listing of one store as Markdown, ready to paste into its form. */
export function listingText(store: 'chrome' | 'firefox' | 'marketplace', permissions: readonly string[]): string {
  const lines = [`# ${LISTING.name}: ${store === 'chrome' ? 'Chrome Web Store' : store === 'firefox' ? 'addons.mozilla.org' : 'Microsoft Marketplace'} listing`, ''];
  if (store === 'marketplace') {
    lines.push('## Short description', '', ADDIN.shortDescription, '', '## Description', '', `${ADDIN.description} ${ADDIN.fullDescription}`, '');
    return `${lines.join('\n')}\n`;
  }
  lines.push('## Summary', '', LISTING.summary, '', '## Description', '', LISTING.description, '', '## Category', '', LISTING.category[store], '');
  lines.push('## Single purpose', '', LISTING.singlePurpose, '', '## Permission justifications', '');
  for (const permission of permissions) lines.push(`- \`${permission}\`: ${PERMISSION_JUSTIFICATIONS[permission] ?? '(missing)'}`);
  lines.push('', '## Privacy practices', '', 'Data the extension sends to the office\'s Cannery server, only to provide its single purpose:', '');
  for (const data of PRIVACY_PRACTICES.data) lines.push(`- ${store === 'chrome' ? data.chrome : `\`${data.firefox}\``}: ${data.what}`);
  lines.push('', 'Nothing is sold, shared with third parties, used for advertising, or used to determine creditworthiness.', '');
  if (store === 'chrome') {
    lines.push('Certifications:', '', ...PRIVACY_PRACTICES.certifications.map((line) => `- ${line}`), '');
    lines.push('Remote code: none. Every script is in the package.', '');
  }
  return `${lines.join('\n')}\n`;
}
