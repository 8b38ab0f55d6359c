import type { BlockContext, SessionContext } from '../../../hosts/host';

/** One of the three quick tips (rules §2 "Tips"): a bold lead, then what to do. */
export interface Tip {
  title: string;
  text: string;
}

/**
 * The spec's three points for Outlook, where Cannery is a task pane: pinning it, the reading pane
 * when it is greyed out, and selecting a block without pressing Reply.
 */
const OUTLOOK_TIPS: readonly Tip[] = [
  {
    title: 'Pin the plug-in.',
    text: 'Select Pin at the top of this pane so Cannery stays open as you move from one email to the next.',
  },
  {
    title: 'Plug-in greyed out?',
    text: 'Turn on the reading pane (View, then Reading Pane, then Show on the right) and select an email; Cannery opens beside it.',
  },
  {
    title: 'No need to press Reply.',
    text: 'While reading an email, just select a block: Cannery opens the reply with it already filled in.',
  },
];

/**
 * The same three points for the Chrome extension (Gmail's side panel and the text-field picker):
 * where to find Cannery, how it follows Gmail, and how to reach it in any other text field. The
 * menu item is the one hosts/text-input/background.ts registers.
 */
function extensionTips(shortcut: string): readonly Tip[] {
  return [
    {
      title: 'Pin Cannery to the toolbar.',
      text: "Select Extensions in Chrome's toolbar, then Pin next to Cannery; Cannery's button in the toolbar then opens it in the side panel.",
    },
    {
      title: 'In Gmail, open an email or a compose window.',
      text: 'The side panel follows the email you have open, and a Cannery button appears in each compose window to open the panel there.',
    },
    {
      title: 'On any other page.',
      text: `Right-click a text field and choose 'Insert a Cannery block', or press ${shortcut} while you type in it.`,
    },
  ];
}

/** The playground: a page to try Cannery on a sample email, and where to use it for real. */
const PLAYGROUND_TIPS: readonly Tip[] = [
  {
    title: 'This is the playground.',
    text: 'Cannery runs beside a sample email here, so you can try your blocks without Outlook or Gmail.',
  },
  {
    title: 'Read or write.',
    text: 'Switch the sample between reading an email and writing one; a block goes into the reply, or where the cursor is.',
  },
  {
    title: 'Answer real mail.',
    text: 'Add Cannery to Outlook or Chrome (ask your administrator how): you sign in the same way and find the same blocks.',
  },
];

/** The tips each kind of host shows, by the blocks it offers (which says which product it is). */
const TIPS_BY_CONTEXT: Record<BlockContext, (shortcut: string) => readonly Tip[]> = {
  outlook: () => OUTLOOK_TIPS,
  gmail: extensionTips,
  text_input: extensionTips,
};

/** The quick tips for a host; `shortcut` is the keys of the extension's insert command here. */
export function tipsFor(host: { context: BlockContext; sessionContext: SessionContext | null }, shortcut: string): readonly Tip[] {
  // The playground offers Outlook's blocks, but it is no Outlook: pinning a plug-in means nothing there.
  if (host.sessionContext === 'self-serve') return PLAYGROUND_TIPS;
  return TIPS_BY_CONTEXT[host.context](shortcut);
}
