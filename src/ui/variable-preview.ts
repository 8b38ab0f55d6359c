/**
 * A block's body as its previews show it: variables whose value is known (the open email's sender,
 * the user, today) filled in, the others (questions, the cursor, a sender not known yet) as chips
 * that name them ("Sender's first name", "Ask: Case number"). The body still goes through the one
 * sanitiser; the chips are made afterwards with DOM calls and text only, never from HTML.
 *
 * How: each chip is written into the body as a token of private-use characters around its number
 * (plain text, which the sanitiser keeps), and `showChips` replaces the tokens in the rendered
 * preview by chip elements.
 */
import { createContext } from 'react';
import { escapeHtml } from '../domain/escape-html';
import { formatToday, type VariableValues } from '../domain/block-variables';
import { personEmail, personFirstName, personFullName } from '../domain/display-names';
import { renderVariables } from '../domain/variable-substitution';
import { variableLabel, type BlockVariable } from '../domain/variable-syntax';
import { sanitizeBlockHtml } from '../sanitize/sanitize-html';

/** The values previews fill in; without a provider, only today's date is known. */
export const PreviewValuesContext = createContext<VariableValues | undefined>(undefined);

const CHIP_START = '\uE002';
const CHIP_END = '\uE003';
const CHIP_TOKEN = /\uE002(\d{1,4})\uE003/g;

/** The known value of `variable`, plain, or '' when the preview shows it as a chip. */
function knownValue(variable: BlockVariable, values: VariableValues | undefined): string {
  switch (variable.kind) {
    case 'sender.firstName':
      return personFirstName(values?.sender);
    case 'sender.name':
      return personFullName(values?.sender);
    case 'sender.email':
      return personEmail(values?.sender);
    case 'me.name':
      return values?.me?.name?.replace(/\s+/g, ' ').trim() ?? '';
    case 'me.email':
      return personEmail(values?.me);
    case 'today':
      return formatToday(values?.today);
    default:
      // Questions are asked at insertion; the cursor is a place, not a value.
      return '';
  }
}

export interface VariablePreview {
  /** Sanitised HTML, with a token where each chip goes. */
  html: string;
  /** The chips' labels, by token number. */
  chips: string[];
}

/** Sanitised previews by body and values: a list previews the same blocks again and again. Bounded, oldest out first. */
const previews = new Map<string, VariablePreview>();
const PREVIEWS_KEPT = 300;

/** `body` as the preview shows it (see the header), sanitised. */
export function previewBlockBody(body: string, values: VariableValues | undefined): VariablePreview {
  const chips: string[] = [];
  const chipIndex = new Map<string, number>();
  const marked = body.includes('{{')
    ? renderVariables(body, 'html', (variable) => {
        const value = knownValue(variable, values);
        if (value) return escapeHtml(value);
        const label = variableLabel(variable);
        let index = chipIndex.get(label);
        if (index === undefined) {
          index = chips.push(label) - 1;
          chipIndex.set(label, index);
        }
        return `${CHIP_START}${index}${CHIP_END}`;
      })
    : body;
  const key = `${chips.join('\u0000')}\u0001${marked}`;
  let preview = previews.get(key);
  if (preview === undefined) {
    preview = { html: sanitizeBlockHtml(marked), chips };
    previews.set(key, preview);
    if (previews.size > PREVIEWS_KEPT) previews.delete(previews.keys().next().value as string);
  }
  return preview;
}

/** Replaces the chip tokens in the text of `root` by chip elements of class `className`, naming their variable. */
export function showChips(root: HTMLElement, chips: readonly string[], className: string): void {
  if (chips.length === 0) return;
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node as Text).data.includes(CHIP_START)) texts.push(node as Text);
  }
  for (const text of texts) {
    const parts = text.data.split(CHIP_TOKEN);
    const fragment = doc.createDocumentFragment();
    parts.forEach((part, i) => {
      // split() with a group: text, number, text, number, ..., text.
      if (i % 2 === 0) {
        if (part) fragment.append(doc.createTextNode(part));
        return;
      }
      const label = chips[Number(part)];
      if (label === undefined) return;
      const chip = doc.createElement('span');
      chip.className = className;
      chip.dataset.variable = '';
      chip.textContent = label;
      fragment.append(chip);
    });
    text.replaceWith(fragment);
  }
}
