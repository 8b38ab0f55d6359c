/**
 * The second cleaning routine before classification (rules §5): email header lines, angle-bracket
 * text, some punctuation and line breaks go, leaving one line of prose for the classifier.
 *
 * Decisions where the spec is vague:
 * - Header lines are whole lines starting (after optional ">" quote markers) with From:, Sent:,
 *   Date:, To:, Cc: or Subject:. The spec names From, Date, To and Subject; Outlook writes "Sent:"
 *   where other clients write "Date:", and "Cc:" sits between them, so both go too.
 * - Angle-bracket text is any "<...>" on one line, brackets included ("<jane@example.com>",
 *   "<https://...>", stray tags).
 * - "Some punctuation" is everything that is not a letter, digit, space or sentence punctuation:
 *   . , ? ! ' and - stay, because they still carry meaning for a text model ("can't", "re-record").
 *   Quote markers, brackets, slashes, colons, @, #, *, _ and the like go.
 * - Line breaks become spaces, and runs of spaces become one.
 */

const HEADER_LINE = /^[ \t>]*(?:from|sent|date|to|cc|subject)[ \t]*:.*$/gim;
const ANGLE_BRACKET_TEXT = /<[^<>\n]*>/g;
const NOISE_PUNCTUATION = /[^\p{L}\p{N}\p{M}\s.,?!'’-]/gu;
const WHITESPACE_RUN = /\s+/g;

/** `text` without header lines, angle-bracket text, noise punctuation and line breaks. */
export function stripEmailNoise(text: string): string {
  return text
    .replace(HEADER_LINE, ' ')
    .replace(ANGLE_BRACKET_TEXT, ' ')
    .replace(NOISE_PUNCTUATION, ' ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}
