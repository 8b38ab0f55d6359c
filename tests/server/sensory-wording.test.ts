import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 1.3.3 Sensory Characteristics: no instruction of Cannery's own relies on shape, position,
 * colour or sound alone. Every sentence in the product's source that speaks of one of them is found
 * here and must be in REVIEWED with the reason it does not rely on it alone, so a new one fails
 * until someone has read it. Sentences are string literals and JSX text that start with a capital
 * letter and hold a space; comments are left out.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'hosts'];

export const SENSORY = /\b(above|below|beneath|beside|next to|on the (?:left|right)|to the (?:left|right)|at the (?:top|bottom)|(?:top|bottom) of|round|square|circle|shaped?|red|green|blue|yellow|orange|gr[ae]y|icon|sound|beep|hear)\b/i;

/** Each sentence found, with why it does not rely on the sense it names alone. */
const REVIEWED: Record<string, string> = {
  'Your password must be reset before you can sign in. Use Reset Password below.': 'names the button',
  'Please provide your email in the field above.': "the spec's words; names the field's content and is tied to the Email field",
  'The import answered an unexpected shape.': "the shape of a file's data, not of something on the screen",
  "A change by ${who} is scheduled for ${timeFormat.format(new Date(pending.publishAt))}; staff see the block below until then.": 'says what staff see, not how to operate anything',
  "A change by ${who} is waiting for a team admin's approval; staff see the block below until then.": 'says what staff see, not how to operate anything',
  'English text beside the ${name} version': "a region's name that says what it holds",
  'Work accounts of these domains get access at their first sign-in, without an invitation, once the domain is verified below.': 'names what is verified (the domain)',
  'You may now send the email and close this tab, or continue below to add more to the email.': "the spec's words; says what to do (add more to the email)",
  'Select Pin at the top of this pane so Cannery stays open as you move from one email to the next.': "names Outlook's Pin button",
  "Select Extensions in Chrome's toolbar, then Pin next to Cannery; Cannery's button in the toolbar then opens it in the side panel.": "names Chrome's Extensions and Pin buttons",
  'Turn on the reading pane (View, then Reading Pane, then Show on the right) and select an email; Cannery opens beside it.': "names Outlook's menu items; 'Show on the right' is the item's own name",
  'Cannery runs beside a sample email here, so you can try your blocks without Outlook or Gmail.': 'says where Cannery is, not how to operate it',
  "Cannery could not find the toolbar of Gmail's compose window, so its Cannery button is at the bottom of the compose instead.": 'names the button',
  'A simulated mail window beside the task pane.': "a region's description",
};

/** The sentences of one source file: string literals and JSX text, comments taken out. */
export function sentencesOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|>([^<>{}]*[A-Za-z][^<>{}]*)</g);
  return [...found]
    .map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim().replace(/\\'/g, "'"))
    .filter((text) => text.includes(' ') && /^[A-Z(]/.test(text));
}

function productSentences(): Array<{ file: string; text: string }> {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|html)$/.test(file) && !/\.(test|spec)\./.test(file))
      .flatMap((file) => sentencesOf(readFileSync(join(ROOT, folder, file), 'utf8')).map((text) => ({ file: `${folder}/${file}`, text }))),
  );
}

describe("the product's wording (WCAG 1.3.3)", () => {
  const sentences = productSentences();

  it('reads every sentence of the product, the tips among them', () => {
    expect(sentences.length).toBeGreaterThan(300);
    expect(sentences.map((sentence) => sentence.text)).toContain('No need to press Reply.');
  });

  it('says nothing of shape, position, colour or sound that has not been reviewed', () => {
    const unreviewed = sentences.filter(({ text }) => SENSORY.test(text) && !(text in REVIEWED)).map(({ file, text }) => `${file}: ${text}`);
    expect(unreviewed).toEqual([]);
  });

  it('keeps no review of a sentence the product no longer says', () => {
    const texts = new Set(sentences.map((sentence) => sentence.text));
    expect(Object.keys(REVIEWED).filter((text) => !texts.has(text))).toEqual([]);
  });

  it('finds a sentence that relies on shape and position, in a string and in JSX, and not in a comment', () => {
    const found = sentencesOf(`
      // Select the round button on the right.
      const tip = 'Select the puzzle-piece icon in the toolbar.';
      const view = <p>Press the green button below.</p>;
    `).filter((text) => SENSORY.test(text));
    expect(found).toEqual(['Select the puzzle-piece icon in the toolbar.', 'Press the green button below.']);
  });
});
