/**
 * Reading a plain-text email body the way recommendations need it (rules §9): the part the sender
 * just wrote, the quoted thread below it, and neither's header lines, signature or disclaimer.
 * - The quoted part starts at the first line that starts a quoted message: Outlook's header block
 *   ("From:", or "De:" / "Von:" followed by a "Sent:"-like line), "-----Original Message-----",
 *   Gmail's and Apple Mail's attribution line ("On <date>, <name> wrote:", in English, Spanish,
 *   French and German, also wrapped over two lines). Before it, lines starting with ">" are quoted.
 * - A forwarded message ("---------- Forwarded message ---------", "Begin forwarded message:") is
 *   what the forwarder asks about: its text, without its header block, joins the main part.
 * - The main part loses its signature: from a "-- " line, a mobile footer, or a sign-off followed
 *   by at most `SIGNATURE_MAX_LINES` short lines that ask nothing.
 * - Confidentiality disclaimers are removed from both parts, header lines from the quoted part.
 * The forms recognised, and why: docs/decisions/email-parts.md.
 */

export interface EmailParts {
  /** What the sender wrote now: text before the quoted thread, without signature or disclaimer. */
  main: string;
  /** The quoted thread and quoted lines, without header lines or disclaimers; '' when none. */
  quoted: string;
}

/** A sign-off is one only when at most this many non-empty lines follow it, each of at most so many words. */
const SIGNATURE_MAX_LINES = 6;
const SIGNATURE_LINE_MAX_WORDS = 8;

/** An Outlook header block's first line: "From:" alone marks it (the spec's rule). */
const FROM_LINE = /^[ \t>]*from[ \t]*:/i;
/** Spanish, French and German Outlook: "De:" / "Von:" need a second header line to count. */
const FOREIGN_FROM_LINE = /^[ \t>]*(?:de|von)[ \t]*:/i;
const FOREIGN_SENT_LINE = /^[ \t>]*(?:enviado(?: el)?|envoy[eé]|gesendet|fecha|date|datum|para|[aà]|an|asunto|objet|betreff)[ \t]*:/i;
/** "-----Original Message-----" and its translations. */
const SEPARATOR_LINE = /^[ \t>]*-{2,}[ \t]*(?:original message|mensaje original|message d'origine|urspr[uü]ngliche nachricht)[ \t]*-{2,}/i;
/** Gmail's dashed forwarded-message header and its translations. */
const FORWARDED_SEPARATOR_LINE = /^[ \t>]*-{2,}[ \t]*(?:forwarded message|mensaje reenviado|message transf[eé]r[eé]|weitergeleitete nachricht)[ \t]*-{2,}/i;
/** A header field line of a forwarded message's header block. */
const HEADER_FIELD_LINE = /^[ \t>]*(?:from|sent|to|cc|date|subject|reply-to|de|enviado(?: el)?|para|asunto|fecha|envoy[eé]|[aà]|objet|von|gesendet|an|betreff|datum)[ \t]*:/i;
/** Apple Mail's forwarded header, and Outlook mobile's. */
const BEGIN_FORWARDED_LINE = /^[ \t>]*(?:begin forwarded message|inicio del mensaje reenviado|d[eé]but du message r[eé]exp[eé]di[eé])[ \t]*:/i;
/** An attribution line (possibly two wrapped lines joined with a space). */
const ATTRIBUTION =
  /^[ \t>]*(?:on|el|le|am)[ \t][^\n]{0,300}?(?:\bwrote|\bescribi[oó]|\ba [eé]crit|\bschrieb\b[^\n]{0,200}?)[ \t]*:[ \t]*$/i;
/** A line starting with a quote marker. */
const QUOTE_MARKER_LINE = /^[ \t]*>/;

/** Where the thread starts: the line index of its first marker line, how many marker lines, and whether it is a forward. */
function findThreadStart(lines: readonly string[], from = 0): { at: number; markerLines: number; forward: boolean } | null {
  for (let i = from; i < lines.length; i += 1) {
    const line = lines[i] as string;
    if (BEGIN_FORWARDED_LINE.test(line) || FORWARDED_SEPARATOR_LINE.test(line)) return { at: i, markerLines: 1, forward: true };
    if (FROM_LINE.test(line) || SEPARATOR_LINE.test(line)) return { at: i, markerLines: 1, forward: false };
    if (FOREIGN_FROM_LINE.test(line) && lines.slice(i + 1, i + 4).some((next) => FOREIGN_SENT_LINE.test(next))) return { at: i, markerLines: 1, forward: false };
    if (ATTRIBUTION.test(line)) return { at: i, markerLines: 1, forward: false };
    // A wrapped attribution: its first half does not end a sentence, its second is not a whole one.
    const next = lines[i + 1];
    if (next === undefined || line.trim() === '' || /[.?!]\s*$/.test(line) || ATTRIBUTION.test(next)) continue;
    if (ATTRIBUTION.test(`${line.trimEnd()} ${next.trim()}`)) return { at: i, markerLines: 2, forward: false };
  }
  return null;
}

/** The forwarded message's header block (From:, Date:, Subject:, To:, Cc:, blank lines) ends here. */
function skipHeaderBlock(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && (HEADER_FIELD_LINE.test(lines[i] as string) || (lines[i] as string).trim() === '')) i += 1;
  return i;
}

/** Splits `body` into what the sender wrote now and the quoted thread; see the module comment. */
export function splitEmail(body: string): EmailParts {
  const lines = body.split(/\r\n|\r|\n/);
  const start = findThreadStart(lines);
  const before = start === null ? lines : lines.slice(0, start.at);
  let thread = start === null ? [] : lines.slice(start.at + start.markerLines);
  const own: string[] = [];
  const quotedLines: string[] = [];
  for (const line of before) (QUOTE_MARKER_LINE.test(line) ? quotedLines : own).push(line);
  let mainText = removeSignature(own).join('\n');
  if (start?.forward === true) {
    // The forwarded message, up to its own quoted thread, is asked of the recipient now.
    const bodyStart = skipHeaderBlock(thread, 0);
    const end = findThreadStart(thread, bodyStart)?.at ?? thread.length;
    mainText += `\n\n${removeSignature(thread.slice(bodyStart, end)).join('\n')}`;
    thread = thread.slice(end);
  }
  quotedLines.push(...thread);
  return {
    main: removeDisclaimers(mainText),
    quoted: removeHeaderLines(removeDisclaimers(quotedLines.join('\n'))),
  };
}

/** A signature delimiter ("-- ", also without its trailing space) or a mobile client's footer. */
const SIGNATURE_START =
  /^[ \t]*(?:--[ \t]*|_{3,}[ \t]*|sent from my [^\n]*|sent from (?:mail|outlook|yahoo mail)[^\n]*|get outlook for [^\n]*|enviado desde mi [^\n]*|envoy[eé] de mon [^\n]*|von meinem [^\n]*gesendet[^\n]*)$/i;
/** A sign-off phrase, optionally followed on the same line by a name (checked by `NAME`). */
const SIGN_OFF =
  /^[ \t]*(?:(?:thanks|thank you)(?: (?:so|very) much)?(?: again| in advance)?(?: for (?:your|the|all (?:your|the)) (?:help|time|assistance|consideration|reply|response|quick response))?|many thanks|thx|best regards|best wishes|best|kind regards|warm regards|warmest regards|regards|sincerely(?: yours)?|yours (?:truly|sincerely)|respectfully|cheers|take care|all the best|with thanks|gracias|saludos|atentamente|cordialement|merci|mit freundlichen gr(?:ü|ue)(?:ß|ss)en|viele gr(?:ü|ue)(?:ß|ss)e|danke)[ \t]*[,.!:;-]*/i;
/** Up to four capitalised words: the name after "Thanks, " on the same line. */
const NAME = /^(?:[ \t]*\p{Lu}[\p{L}.'-]*){0,4}[ \t]*$/u;

/** A line a signature is made of (a name, a title, an address, a phone number): short, and not a question. */
function isSignatureLine(line: string): boolean {
  return !line.includes('?') && line.trim().split(/\s+/).length <= SIGNATURE_LINE_MAX_WORDS;
}

/** The lines of the main part before its signature; see the module comment. */
function removeSignature(lines: readonly string[]): string[] {
  let end = lines.length;
  for (let i = 0; i < end; i += 1) {
    const line = lines[i] as string;
    if (SIGNATURE_START.test(line)) {
      end = i;
      break;
    }
    const signOff = SIGN_OFF.exec(line);
    if (signOff === null || !NAME.test(line.slice(signOff[0].length))) continue;
    // The non-empty lines after it, read only as far as a signature can reach (one more tells
    // "too long"): reading the rest of the text for every "Thanks," would be quadratic.
    const after: string[] = [];
    for (let j = i + 1; j < end && after.length <= SIGNATURE_MAX_LINES; j += 1) {
      const next = lines[j] as string;
      if (next.trim() !== '') after.push(next);
    }
    if (after.length <= SIGNATURE_MAX_LINES && after.every(isSignatureLine)) {
      end = i;
      break;
    }
  }
  return lines.slice(0, end);
}

const PARAGRAPH_BREAK = /\n[ \t>]*\n/;
const CONFIDENTIAL = /\b(?:confidential|confidentiality|privileged)\b/i;
const RECIPIENT = /\b(?:intended (?:only |solely )?(?:recipient|for)|addressee|unauthori[sz]ed|received this (?:e-?mail|message|communication) in error)/i;

/** `text` without paragraphs that are confidentiality disclaimers; see the module comment. */
export function removeDisclaimers(text: string): string {
  if (!CONFIDENTIAL.test(text)) return text;
  return text
    .split(PARAGRAPH_BREAK)
    .filter((paragraph) => !(CONFIDENTIAL.test(paragraph) && RECIPIENT.test(paragraph)))
    .join('\n\n');
}

/**
 * Header lines of quoted messages and the separators clients put around them, in the languages of
 * `splitEmail`: "From:", "Sent:", "To:", "Cc:", "Subject:", "Date:", their Spanish, French and
 * German forms, "-----Original Message-----", and single-line attribution lines.
 */
const HEADER_LINE =
  /^[ \t>]*(?:(?:from|sent|to|cc|bcc|subject|date|reply-to|importance|de|enviado(?: el)?|para|asunto|fecha|envoy[eé]|[aà]|objet|von|gesendet|an|betreff|datum)[ \t]*:.*|-{2,}[ \t]*[^\n]{0,40}(?:message|mensaje|nachricht)[^\n]{0,20}-{2,}.*|(?:begin forwarded message|inicio del mensaje reenviado)[ \t]*:.*|(?:on|el|le|am)[ \t][^\n]{0,300}?(?:wrote|escribi[oó]|a [eé]crit|schrieb[^\n]{0,200}?)[ \t]*:[ \t]*)$/gim;

/** `text` without its header lines (see `HEADER_LINE`); other lines are kept as they are. */
export function removeHeaderLines(text: string): string {
  return text.replace(HEADER_LINE, '');
}
