/**
 * Values put into a block (a sender's display name, the signed-in user, an answer to a prompt)
 * are made one line of plain text first: see `block-variables.ts` for where they go.
 */

/** Whitespace runs (non-breaking spaces and line breaks too) made one space, and the ends trimmed. */
export function normalizeSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Characters no value may carry into a reply: C0 and C1 controls, private-use code points, and the
 * bidirectional embeddings, overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/F,
 * U+061C), with which a sender's display name could make the reply read differently from what
 * it holds ("Maria" followed by a right-to-left override turns the text after it around).
 */
// eslint-disable-next-line no-control-regex -- controls are what is removed
export const UNSAFE_IN_VALUES = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\uE000-\uF8FF]/g;

/** A value ready to put in: one line, no control characters, nothing that could pose as the cursor marker. */
export function cleanValue(value: string | undefined): string {
  if (!value) return '';
  return normalizeSpaces(value.replace(UNSAFE_IN_VALUES, ''));
}
