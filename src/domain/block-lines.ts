import { CURSOR_MARKER } from './cursor-marker';

/**
 * Where a block begins relative to the line the caret is on. A block whose HTML opens with a block
 * element (a paragraph, a list, a heading, a table...) is a piece of its own: put after text on the
 * caret's line it must start a new line, or "Hello Jordan," and "Vote centers are open" run into
 * one line ("Hello Jordan,Vote centers are open"). A block of inline content only ("see you at the
 * <b>vote center</b>") continues the line, as typing would. A caret on an empty line gets nothing
 * added: the block starts there already, without a blank line above it.
 *
 * These are the decisions; each host applies them in its own way (hosts/shared/insert-text.ts for
 * web fields and editors).
 */

/** Elements that start a new line wherever they appear in a message (HTML's block-level elements). */
export const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/**
 * Characters that take no room on a line: editors keep them as placeholders in empty lines
 * (zero-width space, word joiner, byte order mark) and Cannery's own cursor marker's delimiters.
 */
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF\uE000\uE001]/g;

/**
 * True when the first thing `html` shows is a block element. Leading whitespace, comments and an
 * empty cursor marker (a block that begins with `{{cursor}}`) are skipped; the first text or
 * element decides. The scan stops there, so its cost does not grow with the block.
 */
export function startsWithBlockElement(html: string): boolean {
  let at = 0;
  while (at < html.length) {
    const char = html.charAt(at);
    if (char === '<') {
      if (html.startsWith('<!--', at)) {
        const end = html.indexOf('-->', at + 4);
        if (end < 0) return false;
        at = end + 3;
        continue;
      }
      const tag = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(at, at + 40));
      return tag !== null && BLOCK_ELEMENTS.has((tag[1] ?? '').toLowerCase());
    }
    if (html.startsWith(CURSOR_MARKER, at)) {
      at += CURSOR_MARKER.length;
      continue;
    }
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    // Text (an entity included) comes first: the block starts inline.
    return false;
  }
  return false;
}

/** True when `line` (the part of a line before the caret) holds something visible. */
export function hasVisibleText(line: string): boolean {
  return line.replace(INVISIBLE, '') !== '';
}

/**
 * True when the caret, after `textBefore` (a plain-text field's value up to the caret), follows
 * visible text on its own line: the text after the last line break before it is not blank.
 */
export function caretFollowsText(textBefore: string): boolean {
  const lineStart = Math.max(textBefore.lastIndexOf('\n'), textBefore.lastIndexOf('\r')) + 1;
  return hasVisibleText(textBefore.slice(lineStart));
}

/**
 * True when a block with `html` goes in after a line break: it starts with a block element and
 * the caret follows text on its line (`caretFollowsText` or a host's own reading of its editor).
 */
export function needsLineBreakBefore(html: string, caretAfterText: boolean): boolean {
  return caretAfterText && startsWithBlockElement(html);
}
