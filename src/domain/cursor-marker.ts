/**
 * The cursor: the first `{{cursor}}` of a body becomes `CURSOR_MARKER`, the word "cursor"
 * between two private-use characters no one types. It is plain text, so it survives sanitising,
 * pasting into an editor and plain-text conversion; the host finds it, removes it and puts the
 * caret there (`takeCursorMarker` does it for plain text, `removeCursorMarker` for hosts that
 * cannot place a caret). Later cursors, and any in the subject, are removed like an empty value.
 */

/** Where the caret goes, in a filled body: private-use characters around a word, never typed by anyone. */
export const CURSOR_MARKER = '\uE000cursor\uE001';

/** `text` without cursor markers, for hosts that cannot place a caret. */
export function removeCursorMarker(text: string): string {
  return text.includes(CURSOR_MARKER) ? text.split(CURSOR_MARKER).join('') : text;
}

/** A plain text without its cursor markers, and where the first one was (null when none was). */
export function takeCursorMarker(text: string): { text: string; caret: number | null } {
  const at = text.indexOf(CURSOR_MARKER);
  return at < 0 ? { text, caret: null } : { text: removeCursorMarker(text), caret: at };
}
