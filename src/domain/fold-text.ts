/**
 * Text folding and word splitting shared by search, checklist search and recommendations, so that
 * every comparison in the domain agrees on what "the same text" and "a word" mean.
 *
 * Folding lower-cases, removes diacritics (so "Teléfono" and "telefono" match, which is what staff
 * typing on an English keyboard expect) and turns every run of whitespace, including non-breaking
 * spaces left over from HTML, into one plain space. It never removes letters or digits, so the
 * fold of a text that contains the query still contains the fold of the query.
 *
 * A word is a maximal run of letters and digits (Unicode categories L and N, judged per UTF-16
 * code unit, so characters outside the Basic Multilingual Plane, such as emoji, separate words).
 */

// eslint-disable-next-line no-control-regex -- the ASCII range is the point: it is the fast path.
const NON_ASCII = /[^\u0000-\u007f]/;
const COMBINING_MARKS = /\p{M}+/gu;
/** Whitespace runs other than a single plain space: replacing only these leaves most text untouched. */
const WHITESPACE_TO_COLLAPSE = / (?=\s)\s*|[^\S ]\s*/g;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Lower-cases and strips diacritics; whitespace is left as it is. */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  // Most text is ASCII: skip the Unicode decomposition (the costly part of folding) when it cannot matter.
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING_MARKS, '');
}

/** Folds case and diacritics and collapses whitespace runs to one space, trimming both ends. */
export function foldText(text: string): string {
  return foldCase(text).replace(WHITESPACE_TO_COLLAPSE, ' ').trim();
}

const nonAsciiWordCode = new Map<number, boolean>();

/** True when the UTF-16 code unit is a letter or a digit, the characters words are made of. */
export function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  let known = nonAsciiWordCode.get(code);
  if (known === undefined) {
    known = LETTER_OR_DIGIT.test(String.fromCharCode(code));
    nonAsciiWordCode.set(code, known);
  }
  return known;
}

/** True when the character at `index` of `text` is a letter or digit (false past either end). */
export function isWordChar(text: string, index: number): boolean {
  return index >= 0 && index < text.length && isWordCode(text.charCodeAt(index));
}

/** The words of a text, in order, repeats included: letter-and-digit runs. "O'Brien," gives "O" and "Brien". */
export function foldedWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    if (i < text.length && isWordCode(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(text.slice(start, i));
      start = -1;
    }
  }
  return words;
}
