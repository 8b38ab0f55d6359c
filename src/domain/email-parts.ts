/**
 * Reading a plain-text email body the way recommendations need it (spec §9): the part the sender
 * just wrote, the quoted thread below it, and neither's header lines.
 *
 * The split is at the first line whose text starts with "From:", optionally behind quote markers
 * ("> From:"), which is how Outlook and most clients render the start of a quoted message. A body
 * without such a line has no quoted part.
 */

/** A "From:" header line, possibly quoted with ">" markers and indented. */
const QUOTED_FROM_LINE = /^[ \t>]*from:/im;

/**
 * Header lines of quoted messages and the separators clients put around them: "From:", "Sent:",
 * "To:", "Cc:", "Bcc:", "Subject:", "Date:", "Reply-To:", "Importance:", "-----Original Message-----",
 * and Gmail's "On <date>, <name> wrote:". Their words (names, addresses, weekdays) say nothing about
 * what the email asks.
 */
const HEADER_LINE =
  /^[ \t>]*(?:(?:from|sent|to|cc|bcc|subject|date|reply-to|importance)[ \t]*:.*|-{2,}[ \t]*(?:original|forwarded) message[ \t]*-{2,}.*|on [^\n]{0,200} wrote:[ \t]*)$/gim;

export interface EmailParts {
  /** Text before the first quoted "From:" line (the whole body when there is none). */
  main: string;
  /** That line and everything after it; empty when there is no quoted part. */
  quoted: string;
}

/** Splits `body` at its first quoted "From:" line. */
export function splitEmailAtQuotedFrom(body: string): EmailParts {
  const match = QUOTED_FROM_LINE.exec(body);
  if (match === null) return { main: body, quoted: '' };
  return { main: body.slice(0, match.index), quoted: body.slice(match.index) };
}

/** `text` without its header lines (see `HEADER_LINE`); other lines are kept as they are. */
export function removeHeaderLines(text: string): string {
  return text.replace(HEADER_LINE, '');
}
