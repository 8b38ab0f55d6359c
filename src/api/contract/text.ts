import { z } from './zod';

/**
 * The one rule for text that crosses the API or the user pool (docs/security.md).
 *
 * Every string field refuses what a database or a screen cannot hold faithfully:
 * - control characters other than tab, line feed and carriage return (NUL above all: PostgreSQL
 *   refuses it, and the others are invisible in the UI);
 * - lone UTF-16 surrogates (they cannot be encoded as UTF-8, so a stored copy would differ).
 * A one-line field (a name, an address, a subject, an id) refuses, besides, line breaks, tabs and
 * the bidirectional embedding, override and isolate controls, which can make a name read as
 * another. Multi-line text (a block's body, an email) keeps those: right-to-left mail uses them.
 */
export type TextKind = 'line' | 'multiline';

// Built from code points so the source holds no control characters.
const range = (from: number, to: number) => `\\u${from.toString(16).padStart(4, '0')}-\\u${to.toString(16).padStart(4, '0')}`;
const CONTROL = new RegExp(`[${range(0x00, 0x08)}${range(0x0b, 0x0c)}${range(0x0e, 0x1f)}\\u007f]`);
const LINE_ONLY = new RegExp(`[\\t\\n\\r${range(0x202a, 0x202e)}${range(0x2066, 0x2069)}]`);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` breaks the text rule for a field of `kind`, or undefined when it keeps it. */
export function textProblem(value: string, kind: TextKind): string | undefined {
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must not contain unpaired surrogate characters';
  if (kind === 'line' && LINE_ONLY.test(value)) return 'must be one line without tabs or direction controls';
  return undefined;
}

function checked(kind: TextKind, max: number) {
  return z
    .string()
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
    .superRefine((value, context) => {
      const problem = textProblem(value, kind);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

/** A one-line string of at most `max` characters that keeps the text rule. */
export const lineText = (max: number) => checked('line', max);

/** A multi-line string of at most `max` characters that keeps the text rule. */
export const multilineText = (max: number) => checked('multiline', max);

const CONTROL_ALL = new RegExp(CONTROL.source, 'g');
const LINE_BREAKS_AND_TABS = /\r\n|[\t\n\r]/g;
const BIDI_CONTROLS = new RegExp(`[${range(0x202a, 0x202e)}${range(0x2066, 0x2069)}]`, 'g');
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * `value` made to keep the text rule and fit in `max` characters: control characters dropped,
 * unpaired surrogates replaced by U+FFFD, and for one-line fields line breaks and tabs turned into
 * spaces and direction controls dropped. The client uses it for what it copies from stored data
 * (a block's name into a sent record), so a record is never refused for text the user did not type.
 */
export function fitText(value: string, kind: TextKind, max: number): string {
  let text = value.replace(CONTROL_ALL, '').replace(LONE_SURROGATES, '\uFFFD');
  if (kind === 'line') text = text.replace(LINE_BREAKS_AND_TABS, ' ').replace(BIDI_CONTROLS, '');
  if (text.length <= max) return text;
  // Never cut a surrogate pair in two.
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
