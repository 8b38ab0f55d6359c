/**
 * Variables in block bodies and subject lines: the one place that knows their syntax.
 *
 * A team admin puts variables into a block (the editor shows them as chips); inserting the block
 * fills them in. The stored form is plain text, so it survives HTML sanitising, pasting and the
 * editor's round trip:
 *
 *   {{sender.firstName}}  the first name of the sender of the email being answered
 *   {{sender.name}}       the sender's full name
 *   {{sender.email}}      the sender's email address
 *   {{me.name}}           the signed-in user's name
 *   {{me.email}}          the signed-in user's email address
 *   {{today}}             today's date, long form, in the caller's locale and time zone
 *   {{cursor}}            where the caret goes after insertion
 *   {{ask:Case number}}   a value the user is asked for before insertion
 *   {{ask:Case number|2026-001}}   the same, with a default answer
 *
 * Reading rules:
 *   - Names ignore case and whitespace: `{{ Sender.FirstName }}` is `{{sender.firstName}}`.
 *     `ask` ignores case too, and spaces before its colon.
 *   - In a prompt, `\` takes the next character literally: `\|` is a bar in the label, `\}` a
 *     brace, `\\` a backslash. The first unescaped `|` starts the default. Labels and defaults are
 *     trimmed, with whitespace runs (non-breaking spaces too) made one space. A prompt without a
 *     label is not a variable. Prompts with the same label (case aside) are asked once; the first
 *     one that gives a default supplies it.
 *   - A variable is at most 1,000 characters between its braces. Of a run of opening braces, the
 *     last two open it (`{{{today}}}` is a brace, the date and a brace), and an opening pair inside
 *     a variable starts it again (`{{ {{today}}` is text, then the date).
 *   - `\{{today}}` is the text `{{today}}`: the backslash is removed when what follows is a variable.
 *   - Anything else between double braces (`{{ order_id }}`, `{{ask:}}`) is not a variable: it stays
 *     as typed, byte for byte, and `parseVariables` lists it under `unknown` so the editor can flag
 *     it. Removing it could eat text a block means literally, such as a template language's syntax.
 *
 * HTML bodies: variables are read in text only, never inside tags, comments, scripts or styles
 * (an attribute keeps its braces). A variable may run across the inline formatting tags an editor
 * or a paste puts in (`{{sender.<b>firstName</b>}}`), but not across a line or block edge (`<br>`,
 * `<p>`, `<div>`, an image): there the braces are text. Filling puts the value where `{{` was,
 * drops the tags opened and closed inside the variable, and keeps the others in their order after
 * the value, so the result has the same tag balance as the body: `<b>{{sender.</b>firstName}}` is
 * `<b>Maria</b>`. Entities in the variable's text are decoded (`{{ask:Fees &amp; costs}}`).
 *
 * Values: trimmed, whitespace runs and line breaks made one space, control and private-use
 * characters removed (a sender cannot start a new subject header or pose as the cursor). They
 * are put in once: a value that reads like a variable stays text. Into a body they are
 * HTML-escaped, into a subject plain text. The sender's names come from the display name or,
 * without one, the address (`personFirstName`, `personFullName` say how); `me.name` is used as
 * given. A variable whose value is unknown or empty is removed with one space beside it, so the
 * sentence still reads: the space before it ("Dear {{sender.firstName}}," is "Dear,"; "Hello
 * {{sender.firstName}} and welcome" is "Hello and welcome"), or, at the start of a line,
 * paragraph or subject, the space after it. In HTML a space is also a non-breaking space
 * (`&nbsp;`, which editors write before a chip) or a source line break. Such variables are
 * reported in `missing`, except cursors. At insertion the app first asks the user for every
 * value it does not know for sure (`variable-questions.ts`) and passes the answers as `given`,
 * which replace what the email or the user would give; only a value left blank is removed.
 *
 * The cursor: the first `{{cursor}}` of a body becomes `CURSOR_MARKER`, the word "cursor"
 * between two private-use characters no one types. It is plain text, so it survives sanitising,
 * pasting into an editor and plain-text conversion; the host finds it, removes it and puts the
 * caret there (`takeCursorMarker` does it for plain text, `removeCursorMarker` for hosts that
 * cannot place a caret). Later cursors, and any in the subject, are removed like an empty value.
 *
 * Everything here is linear in the size of the text: one pass of `indexOf` and character scans,
 * no backtracking patterns over unbounded input.
 */
import { escapeHtml } from './escape-html';
import { decodeHtmlEntities } from './html-to-text';

// Variables ---------------------------------------------------------------------------------------

/** The variables that take a value from the email, the user or the date, and the cursor. */
export type VariableName = 'sender.firstName' | 'sender.name' | 'sender.email' | 'me.name' | 'me.email' | 'today' | 'cursor';

/** A value asked of the user before insertion. */
export interface PromptVariable {
  kind: 'ask';
  /** As written (first occurrence), trimmed, whitespace runs made one space. */
  label: string;
  /** The answer offered first; absent when no occurrence gives one. */
  defaultValue?: string;
}

export type BlockVariable = { kind: VariableName } | PromptVariable;

/** A block's texts with variables: its HTML body and its subject line. */
export interface BlockTexts {
  bodyHtml: string;
  subject?: string;
}

/** How a text is written: an HTML body, or plain text (a subject line). */
export type TextFormat = 'html' | 'text';

/** One entry of the editor's variable menu. */
export interface VariableOption {
  kind: VariableName | 'ask';
  /** What the menu and the chip say. */
  label: string;
  /** What the editor stores; for `ask`, the start of one (`{{ask:` + label + `}}`, see `formatVariable`). */
  syntax: string;
}

const NAMES: readonly VariableName[] = ['sender.firstName', 'sender.name', 'sender.email', 'me.name', 'me.email', 'today', 'cursor'];
const NAME_BY_KEY: ReadonlyMap<string, VariableName> = new Map(NAMES.map((name) => [name.toLowerCase(), name]));

const LABELS: Readonly<Record<VariableName | 'ask', string>> = {
  'sender.firstName': "Sender's first name",
  'sender.name': "Sender's full name",
  'sender.email': "Sender's email",
  'me.name': 'My name',
  'me.email': 'My email',
  today: "Today's date",
  cursor: 'Cursor position',
  ask: 'Ask for a value…',
};

/** The variables an editor offers, in menu order, with the labels users see. */
export function listVariables(): VariableOption[] {
  return [...NAMES, 'ask' as const].map((kind) => ({ kind, label: LABELS[kind], syntax: kind === 'ask' ? '{{ask:}}' : `{{${kind}}}` }));
}

/** What a chip shows: "Sender's first name", or a prompt's label ("Ask: Case number"). */
export function variableLabel(variable: BlockVariable): string {
  return variable.kind === 'ask' ? `Ask: ${variable.label}` : LABELS[variable.kind];
}

/** Backslash before the characters that mean something in a prompt. */
function escapePromptText(text: string): string {
  return text.replace(/[\\|{}]/g, (char) => `\\${char}`);
}

/** The stored form of a variable, escaped so that it reads back the same (`parseVariables`). */
export function formatVariable(variable: BlockVariable): string {
  if (variable.kind !== 'ask') return `{{${variable.kind}}}`;
  const label = escapePromptText(normalizeSpaces(variable.label));
  const fallback = variable.defaultValue === undefined ? '' : normalizeSpaces(variable.defaultValue);
  return fallback ? `{{ask:${label}|${escapePromptText(fallback)}}}` : `{{ask:${label}}}`;
}

// Cursor marker -----------------------------------------------------------------------------------

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

// Reading variables -------------------------------------------------------------------------------

/** At most this many characters between a variable's braces. */
const MAX_VARIABLE_LENGTH = 1000;

function normalizeSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The variable a text between braces names, or null. `inner` is at most MAX_VARIABLE_LENGTH long. */
function readVariable(inner: string): BlockVariable | null {
  const text = inner.trim();
  const ask = /^ask\s*:/i.exec(text);
  if (!ask) {
    const name = NAME_BY_KEY.get(text.replace(/\s+/g, '').toLowerCase());
    return name ? { kind: name } : null;
  }
  let label = '';
  let fallback: string | null = null;
  const rest = text.slice(ask[0].length);
  for (let i = 0; i < rest.length; i++) {
    let char = rest[i] ?? '';
    if (char === '\\' && i + 1 < rest.length) char = rest[++i] ?? '';
    else if (char === '|' && fallback === null) {
      fallback = '';
      continue;
    }
    if (fallback === null) label += char;
    else fallback += char;
  }
  label = normalizeSpaces(label);
  if (!label) return null;
  const defaultValue = normalizeSpaces(fallback ?? '');
  return defaultValue ? { kind: 'ask', label, defaultValue } : { kind: 'ask', label };
}

/** Variables identified for deduplication: prompts by their label, case aside. */
function variableKey(variable: BlockVariable): string {
  return variable.kind === 'ask' ? `ask:${variable.label.toLowerCase()}` : variable.kind;
}

/** `{{` … `}}` found in a text: offsets of the braces' outer edges, and whether `\` escaped it. */
interface Candidate {
  open: number;
  close: number;
  escaped: boolean;
}

/**
 * The brace pairs of `text`, left to right. Every character is looked at a bounded number of
 * times: a scan stops at the closing pair, at a new opening pair (which takes over), or after
 * MAX_VARIABLE_LENGTH characters, and the search goes on from where the scan stopped.
 */
function findCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  let from = 0;
  for (;;) {
    let open = text.indexOf('{{', from);
    if (open < 0) return found;
    while (text[open + 2] === '{') open++;
    let i = open + 2;
    let closed = false;
    while (i < text.length) {
      const char = text[i];
      if (i - open - 2 > MAX_VARIABLE_LENGTH) break;
      if (char === '\\') i += 2;
      else if (char === '{' && text[i + 1] === '{') {
        open = i;
        while (text[open + 2] === '{') open++;
        i = open + 2;
      } else if (char === '}' && text[i + 1] === '}') {
        found.push({ open, close: i + 2, escaped: text[open - 1] === '\\' });
        closed = true;
        i += 2;
        break;
      } else i++;
    }
    if (!closed && i >= text.length) return found;
    from = closed ? i : Math.max(i - 1, open + 2);
  }
}

// HTML layout -------------------------------------------------------------------------------------

/** Formatting tags a variable may run across: they never end a line. */
const INLINE_TAGS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'tt', 'u', 'var',
]);
/** Elements whose content is not markup: skipped whole, up to their end tag. */
const RAW_TEXT_END: ReadonlyMap<string, RegExp> = new Map(
  ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript'].map((name) => [name, new RegExp(`</${name}[\\s/>]`, 'gi')]),
);

/** A piece of an HTML text: text, an inline tag, or anything else (which ends a line of text). */
interface HtmlToken {
  type: 'text' | 'inline' | 'boundary';
  from: number;
  to: number;
  /** Lower-case tag name (inline tags). */
  name: string;
  closing: boolean;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * The offset after the `>` that ends the tag whose name ends at `from`. As in the HTML parser, a
 * quote opens a quoted value only right after `=` (which may then hold `>`); elsewhere it is a
 * character of an attribute name ("don't" in a tag does not swallow what follows).
 */
function tagEnd(html: string, from: number): number {
  let i = from;
  while (i < html.length) {
    const char = html[i];
    if (char === '>') return i + 1;
    i++;
    if (char !== '=') continue;
    while (i < html.length && /\s/.test(html[i] ?? '')) i++;
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      if (close < 0) return html.length;
      i = close + 1;
    }
  }
  return html.length;
}

/** `html` cut into text, inline tags and boundaries, in order, covering every character once. */
function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const push = (type: HtmlToken['type'], from: number, to: number, name = '', closing = false) => {
    if (to > from) tokens.push({ type, from, to, name, closing });
  };
  let textStart = 0;
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    const closing = next === 47; // "/"
    let end: number;
    if (isAsciiLetter(closing ? html.charCodeAt(lt + 2) : next)) {
      let nameEnd = lt + (closing ? 2 : 1);
      while (nameEnd < html.length && !/[\s/>]/.test(html[nameEnd] ?? '')) nameEnd++;
      const name = html.slice(lt + (closing ? 2 : 1), nameEnd).toLowerCase();
      end = tagEnd(html, nameEnd);
      push('text', textStart, lt);
      const raw = closing ? undefined : RAW_TEXT_END.get(name);
      if (raw) {
        raw.lastIndex = end;
        const close = raw.exec(html);
        end = close ? tagEnd(html, close.index + 2) : html.length;
        push('boundary', lt, end);
      } else if (INLINE_TAGS.has(name) && html[end - 1] === '>') push('inline', lt, end, name, closing);
      else push('boundary', lt, end);
    } else if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      end = close < 0 ? html.length : close + 3;
      push('text', textStart, lt);
      push('boundary', lt, end);
    } else if (next === 33 || next === 63 || closing) {
      // "<!doctype", "<?xml", "</ bogus": up to the next ">".
      const close = html.indexOf('>', lt);
      end = close < 0 ? html.length : close + 1;
      push('text', textStart, lt);
      push('boundary', lt, end);
    } else {
      // A "<" that opens nothing is text ("a < b").
      i = lt + 1;
      continue;
    }
    i = textStart = end;
  }
  push('text', textStart, html.length);
  return tokens;
}

// Filling -----------------------------------------------------------------------------------------

/** A text segment of a line: its source offsets and its offset in the line's text. */
interface Segment {
  from: number;
  to: number;
  at: number;
}

/** An inline tag of a line, at its offset in the line's text (between the characters `at - 1` and `at`). */
interface LineTag {
  token: HtmlToken;
  at: number;
}

/** A stretch of text a variable may not leave: a whole subject, or an HTML line between boundaries. */
interface Line {
  text: string;
  segments: Segment[];
  tags: LineTag[];
}

/** The lines of a text, each with the pieces of source it is made of. */
function linesOf(source: string, format: TextFormat): Line[] {
  if (format === 'text') return [{ text: source, segments: [{ from: 0, to: source.length, at: 0 }], tags: [] }];
  const lines: Line[] = [];
  let parts: string[] = [];
  let line: Line = { text: '', segments: [], tags: [] };
  let length = 0;
  const finish = () => {
    if (line.segments.length === 0) return;
    line.text = parts.join('');
    lines.push(line);
    parts = [];
    line = { text: '', segments: [], tags: [] };
    length = 0;
  };
  for (const token of tokenizeHtml(source)) {
    if (token.type === 'boundary') finish();
    else if (token.type === 'inline') line.tags.push({ token, at: length });
    else {
      line.segments.push({ from: token.from, to: token.to, at: length });
      parts.push(source.slice(token.from, token.to));
      length += token.to - token.from;
    }
  }
  finish();
  return lines;
}

/** A change to a text: `[from, to)` becomes `insert`. */
interface Edit {
  from: number;
  to: number;
  insert: string;
}

/** One variable found in a line, with what it becomes (`null`: not a variable, left as it is). */
interface Occurrence {
  candidate: Candidate;
  variable: BlockVariable | null;
}

function occurrences(line: Line, format: TextFormat): Occurrence[] {
  return findCandidates(line.text).map((candidate) => {
    const inner = line.text.slice(candidate.open + 2, candidate.close - 2);
    return { candidate, variable: readVariable(format === 'html' ? decodeHtmlEntities(inner) : inner) };
  });
}

const HTML_SPACE_ENTITIES = new Set(['&nbsp;', '&#160;', '&#xa0;']);

/** Length of the space that ends at `end` (not before `floor`): a space character, or in HTML a line break or `&nbsp;`. */
function spaceBefore(text: string, end: number, floor: number, format: TextFormat): number {
  if (end <= floor) return 0;
  const char = text[end - 1] ?? '';
  if (char === ' ' || char === '\t' || char === '\u00a0') return 1;
  if (format === 'html' && (char === '\n' || char === '\r' || char === '\f')) return 1;
  if (format === 'html' && char === ';' && end - 6 >= floor && HTML_SPACE_ENTITIES.has(text.slice(end - 6, end).toLowerCase())) return 6;
  return 0;
}

/** Length of the space that starts at `start` (not past `ceiling`). */
function spaceAfter(text: string, start: number, ceiling: number, format: TextFormat): number {
  if (start >= ceiling) return 0;
  const char = text[start] ?? '';
  if (char === ' ' || char === '\t' || char === '\u00a0') return 1;
  if (format === 'html' && (char === '\n' || char === '\r' || char === '\f')) return 1;
  if (format === 'html' && char === '&' && start + 6 <= ceiling && HTML_SPACE_ENTITIES.has(text.slice(start, start + 6).toLowerCase())) return 6;
  return 0;
}

/**
 * The edits of one line, in its text's offsets: each variable replaced by its value, escapes
 * undone, and one space removed beside each empty value (see the header). `valueOf` answers with
 * the text to put in, already escaped for the format; an empty answer removes the variable.
 */
function lineEdits(line: Line, found: Occurrence[], format: TextFormat, valueOf: (variable: BlockVariable) => string): { edits: Edit[]; replaced: Edit[] } {
  const { text } = line;
  const edits: Edit[] = [];
  const replaced: Edit[] = [];
  /** Where the text before the next variable ends: an offset, the line's start, or something not to touch. */
  let last: number | 'start' | 'other' = 'start';
  let dropNextSpace = false;
  let position = 0;
  /** Where the text since the last variable starts, after a space it lost to an empty value before it. */
  let literalStart = 0;
  const literal = (to: number) => {
    let from = position;
    if (to > from && dropNextSpace) {
      const space = spaceAfter(text, from, to, format);
      if (space > 0) edits.push({ from, to: from + space, insert: '' });
      from += space;
    }
    if (to > position) dropNextSpace = false;
    literalStart = from;
    if (to > from) last = format === 'text' && text[to - 1] === '\n' ? 'start' : to;
    position = Math.max(position, to);
  };
  for (const { candidate, variable } of found) {
    if (!variable) continue;
    if (candidate.escaped) {
      edits.push({ from: candidate.open - 1, to: candidate.open, insert: '' });
      continue;
    }
    literal(candidate.open);
    const value = valueOf(variable);
    const edit = { from: candidate.open, to: candidate.close, insert: value };
    if (value) {
      last = 'other';
      dropNextSpace = false;
    } else if (typeof last === 'number') {
      const space = spaceBefore(text, last, literalStart, format);
      if (space > 0) edits.push({ from: last - space, to: last, insert: '' });
      last = 'other';
    } else if (last === 'start') dropNextSpace = true;
    edits.push(edit);
    replaced.push(edit);
    position = candidate.close;
  }
  literal(text.length);
  edits.sort((a, b) => a.from - b.from);
  return { edits, replaced };
}

/** Source edits that drop the inline tags opened and closed inside a replaced variable. */
function droppedTags(line: Line, replaced: Edit[]): Edit[] {
  const dropped: Edit[] = [];
  let t = 0;
  for (const edit of replaced) {
    while (t < line.tags.length && (line.tags[t]?.at ?? 0) <= edit.from) t++;
    const open: HtmlToken[] = [];
    for (; t < line.tags.length && (line.tags[t]?.at ?? 0) < edit.to; t++) {
      const { token } = line.tags[t] as LineTag;
      if (!token.closing) open.push(token);
      else if (open.at(-1)?.name === token.name) {
        const opener = open.pop() as HtmlToken;
        dropped.push({ from: opener.from, to: opener.to, insert: '' }, { from: token.from, to: token.to, insert: '' });
      }
    }
  }
  return dropped;
}

/** A line's edits moved to source offsets: an edit across tags becomes one per text segment, the insert in the first. */
function toSource(line: Line, edits: Edit[]): Edit[] {
  const result: Edit[] = [];
  let k = 0;
  for (const edit of edits) {
    while (k < line.segments.length) {
      const segment = line.segments[k] as Segment;
      if (segment.at + (segment.to - segment.from) > edit.from) break;
      k++;
    }
    let first = true;
    for (let j = k; j < line.segments.length; j++) {
      const segment = line.segments[j] as Segment;
      if (segment.at >= edit.to) break;
      const length = segment.to - segment.from;
      const from = Math.max(edit.from, segment.at);
      const to = Math.min(edit.to, segment.at + length);
      if (to > from || first) result.push({ from: segment.from + from - segment.at, to: segment.from + to - segment.at, insert: first ? edit.insert : '' });
      first = false;
    }
  }
  return result;
}

function applyEdits(source: string, edits: Edit[]): string {
  if (edits.length === 0) return source;
  edits.sort((a, b) => a.from - b.from || a.to - b.to);
  const parts: string[] = [];
  let position = 0;
  for (const edit of edits) {
    parts.push(source.slice(position, edit.from), edit.insert);
    position = Math.max(position, edit.to);
  }
  parts.push(source.slice(position));
  return parts.join('');
}

/** The lines of a text that hold double braces, with what is between them. */
function scanText(source: string, format: TextFormat): Array<{ line: Line; found: Occurrence[] }> {
  // Fast path, and the promise that a text without variables comes back unchanged.
  if (!source.includes('{{')) return [];
  return linesOf(source, format)
    .map((line) => ({ line, found: occurrences(line, format) }))
    .filter(({ found }) => found.length > 0);
}

/** The text with `valueOf`'s value put in for each of its variables. */
function substitute(source: string, format: TextFormat, valueOf: (variable: BlockVariable) => string): string {
  const edits: Edit[] = [];
  for (const { line, found } of scanText(source, format)) {
    const { edits: lineChanges, replaced } = lineEdits(line, found, format, valueOf);
    edits.push(...toSource(line, lineChanges), ...droppedTags(line, replaced));
  }
  return applyEdits(source, edits);
}

/**
 * The text with each of its variables replaced by what `render` returns for it, put in as it is
 * (already escaped for `format`: HTML for a body): for views of a block that show variables
 * rather than fill them, such as a preview with a chip per variable. Escaped variables lose their
 * backslash and inline tags inside a variable are dropped, as in `fillBlock`; `render` should not
 * return '' (that removes the variable with a space beside it, as a missing value).
 */
export function renderVariables(source: string, format: TextFormat, render: (variable: BlockVariable) => string): string {
  return substitute(source, format, render);
}

// Parsing for the UI ------------------------------------------------------------------------------

/** What a block uses, so the UI knows what to ask before inserting it. */
export interface ParsedVariables {
  /** Each variable once, in order of first use (subject first, then body). */
  variables: BlockVariable[];
  /** The prompts among them, in the same order. */
  prompts: PromptVariable[];
  /** Texts between double braces that are not variables, as typed (entities decoded), each once. */
  unknown: string[];
}

/** Collects variables in order, each once; a prompt's first default wins. */
class VariableSet {
  readonly list: BlockVariable[] = [];
  private readonly byKey = new Map<string, BlockVariable>();

  add(variable: BlockVariable): void {
    const key = variableKey(variable);
    const known = this.byKey.get(key);
    if (!known) {
      const copy = { ...variable };
      this.byKey.set(key, copy);
      this.list.push(copy);
    } else if (known.kind === 'ask' && variable.kind === 'ask' && known.defaultValue === undefined && variable.defaultValue !== undefined) {
      known.defaultValue = variable.defaultValue;
    }
  }
}

/** The variables of a block's subject and body (or of one text, given its format). */
export function parseVariables(block: BlockTexts | string, format: TextFormat = 'html'): ParsedVariables {
  const texts: Array<[string, TextFormat]> = typeof block === 'string' ? [[block, format]] : [[block.subject ?? '', 'text'], [block.bodyHtml, 'html']];
  const set = new VariableSet();
  const unknown = new Set<string>();
  for (const [text, textFormat] of texts) {
    for (const { line, found } of scanText(text, textFormat)) {
      for (const { candidate, variable } of found) {
        if (variable && !candidate.escaped) set.add(variable);
        else if (!variable) {
          const raw = line.text.slice(candidate.open, candidate.close);
          unknown.add(textFormat === 'html' ? decodeHtmlEntities(raw) : raw);
        }
      }
    }
  }
  return { variables: set.list, prompts: set.list.filter((v): v is PromptVariable => v.kind === 'ask'), unknown: [...unknown] };
}

// Values ------------------------------------------------------------------------------------------

/** Someone with a display name and an address, as an email header gives them. */
export interface Person {
  name?: string;
  email?: string;
}

/** Everything a block's variables can be filled with; what is absent is missing. */
export interface VariableValues {
  /** The sender of the email being answered. */
  sender?: Person;
  /** The signed-in user. */
  me?: Person;
  /** Today: the moment, and the locale and IANA time zone to write it in ("en-US", "America/Chicago"). */
  today?: { date: Date; locale: string; timeZone: string };
  /** Prompt answers by label (case and spacing of the label aside). An absent answer takes the default; a blank one is missing. */
  answers?: Readonly<Record<string, string>>;
  /**
   * Values the user gave for variables at insertion (see `variable-questions.ts`), by variable:
   * they replace what the email, the user or the date would give. A blank one is missing.
   */
  given?: Readonly<Partial<Record<VariableName, string>>>;
}

export interface FilledBlock {
  bodyHtml: string;
  subject: string;
  /** `CURSOR_MARKER` when the body holds it (once), else null. */
  cursor: string | null;
  /** The variables that had no value and were removed, each once, in order (subject first). */
  missing: BlockVariable[];
}

/** A value ready to put in: one line, no control characters, nothing that could pose as the cursor marker. */
/**
 * Characters no value may carry into a reply: C0 and C1 controls, private-use code points, and the
 * bidirectional embeddings, overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/F,
 * U+061C), with which a sender's display name could make the reply read differently from what
 * it holds ("Maria" followed by a right-to-left override turns the text after it around).
 */
// eslint-disable-next-line no-control-regex -- controls are what is removed
export const UNSAFE_IN_VALUES = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\uE000-\uF8FF]/g;

export function cleanValue(value: string | undefined): string {
  if (!value) return '';
  return normalizeSpaces(value.replace(UNSAFE_IN_VALUES, ''));
}

const ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/;

/** Courtesy and rank titles before a name. */
const TITLES = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'rev', 'reverend', 'fr', 'father', 'sir', 'dame', 'hon',
  'honorable', 'judge', 'capt', 'captain', 'sgt', 'sergeant', 'lt', 'col', 'gen', 'det', 'detective', 'officer', 'rabbi',
  'pastor', 'imam', 'sra', 'sr', 'srta', 'dra', 'herr', 'frau', 'mme', 'mlle',
]);
/** Words after a name: generation and degrees. */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'dds', 'dvm', 'esq', 'cpa', 'rn', 'jd', 'mba']);
/** Words that make a sender an office or a mailbox rather than a person: no first name then. */
const NOT_A_PERSON = new Set([
  'office', 'offices', 'department', 'dept', 'division', 'elections', 'election', 'recorder', 'registrar', 'board',
  'commission', 'committee', 'services', 'service', 'desk', 'team', 'staff', 'support', 'help', 'helpdesk', 'info',
  'information', 'admin', 'administrator', 'noreply', 'no-reply', 'donotreply', 'do-not-reply', 'notifications',
  'notification', 'alerts', 'newsletter', 'mailer', 'mailer-daemon', 'postmaster', 'webmaster', 'customer', 'sales', 'billing',
  'accounts', 'inc', 'llc', 'llp', 'ltd', 'corp', 'company', 'county', 'city', 'township', 'clerk', 'clerks', 'government',
  'agency', 'bureau', 'university', 'college', 'school', 'hospital', 'bank', 'group', 'contact', 'hello', 'mail', 'reply',
  'replies', 'inquiries', 'enquiries', 'feedback', 'news', 'hr', 'payroll',
]);

/**
 * `text` without the characters at either end that `keep` does not match, by code point. A loop,
 * because a pattern anchored at the end (`[^\p{L}]+$`) backtracks quadratically over long runs.
 */
function trimEnds(text: string, keep: RegExp): string {
  const chars = Array.from(text);
  let start = 0;
  let end = chars.length;
  while (start < end && !keep.test(chars[start] ?? '')) start++;
  while (end > start && !keep.test(chars[end - 1] ?? '')) end--;
  return start === 0 && end === chars.length ? text : chars.slice(start, end).join('');
}

/** `text` without the digits at its end ("lopez84" → "lopez"). */
function withoutTrailingDigits(text: string): string {
  let end = text.length;
  while (end > 0 && /\d/.test(text[end - 1] ?? '')) end--;
  return text.slice(0, end);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const NAME_CHARACTER = /[^\s'‘’,;:]/u;

/** A word as the word lists hold it: lower case, without dots or edge punctuation. */
function wordKey(word: string): string {
  return trimEnds(word.toLowerCase(), LETTER_OR_DIGIT).replace(/\./g, '');
}

/** "MARIA" and "maria" become "Maria"; "McKenzie" and "DeShawn" stay as written. */
function nameCase(word: string): string {
  const upper = word.toUpperCase();
  const lower = word.toLowerCase();
  if (upper === lower || (word !== upper && word !== lower)) return word;
  return lower.replace(/(^|[-'’])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** A display name without addresses, roles in brackets, quotes and edge punctuation. */
function cleanDisplayName(name: string | undefined): string {
  if (!name) return '';
  const cleaned = trimEnds(cleanValue(name)
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ')
    .replace(/["“”„«»]/g, ' ')
    .replace(/\s+/g, ' '), NAME_CHARACTER);
  return cleaned.includes('@') ? '' : cleaned;
}

/** Whether `person` has a display name that names someone or something (not empty, not an address). */
export function hasDisplayName(person: Person | undefined): boolean {
  return /\p{L}/u.test(cleanDisplayName(person?.name));
}

/**
 * The parts of an address's local part that read as a name, name-cased ("jordan.smith+x" → Jordan,
 * Smith); [] when it has no separator or holds a word that is not a name (see `personFullName`).
 */
export function addressName(email: string | undefined): string[] {
  return addressNameParts(email);
}

function isSuffixPart(part: string): boolean {
  const words = part.split(' ').map(wordKey).filter(Boolean);
  return words.length > 0 && words.every((word) => SUFFIXES.has(word));
}

/** The words of a person's name in reading order: "Lopez, Maria" reads "Maria Lopez"; a comma's degrees go. */
function nameWords(name: string): string[] {
  const parts = name.split(',').map((part) => part.trim()).filter(Boolean);
  while (parts.length > 1 && isSuffixPart(parts[parts.length - 1] ?? '')) parts.pop();
  const ordered = parts.length === 2 ? [parts[1] ?? '', parts[0] ?? ''] : parts;
  return ordered.join(' ').split(' ').filter(Boolean);
}

function isPerson(name: string): boolean {
  return !name.split(/[\s,]+/).some((word) => NOT_A_PERSON.has(wordKey(word)));
}

/** The parts of an address's local part that read as a name ("maria.lopez+ballots" → maria, lopez), or []. */
function addressNameParts(email: string | undefined): string[] {
  const address = cleanValue(email);
  if (!ADDRESS.test(address)) return [];
  const local = address.slice(0, address.lastIndexOf('@')).replace(/\+.*$/, '');
  const parts = local.split(/[._-]+/).map(withoutTrailingDigits);
  if (parts.length < 2 || !parts.every((part) => /^\p{L}{2,}$/u.test(part))) return [];
  if (parts.some((part) => NOT_A_PERSON.has(part.toLowerCase()))) return [];
  return parts.map((part) => nameCase(part.toLowerCase()));
}

/** The sender's address: the one given, else one in the display name ("Maria <m@x.org>", or the name itself). */
export function personEmail(person: Person | undefined): string {
  const given = cleanValue(person?.email);
  if (ADDRESS.test(given)) return given;
  const name = cleanValue(person?.name);
  const inBrackets = /<([^<>]*)>/.exec(name)?.[1]?.trim() ?? name.replace(/^["']|["']$/g, '');
  return ADDRESS.test(inBrackets) ? inBrackets : '';
}

/**
 * A person's full name: the display name without quotes, bracketed roles and address, "Last,
 * First" turned around, all-capital or all-small names written "Maria Lopez". Without a display
 * name, an address like "maria.lopez@…" gives "Maria Lopez". Empty when nothing sensible is known.
 */
export function personFullName(person: Person | undefined): string {
  const name = cleanDisplayName(person?.name);
  if (!name) return addressNameParts(personEmail(person)).join(' ');
  if (!/\p{L}/u.test(name)) return '';
  if (!isPerson(name)) return name;
  const words = nameWords(name);
  const joined = words.join(' ');
  const uniform = joined === joined.toUpperCase() || joined === joined.toLowerCase();
  return uniform ? words.map(nameCase).join(' ') : joined;
}

/**
 * A person's first name: the first word of the name in reading order after titles ("Dr."; a
 * title and one word, "Dr. Smith", has none), skipping an initial before a middle name
 * ("J. Robert Smith" → "Robert"). An office or mailbox ("Elections Office", "info@…") has none,
 * nor has a lone initial or a word with digits. Without a display name, an address whose local
 * part has a separator gives its first part ("maria.lopez" → "Maria"); one without ("mlopez")
 * gives nothing, as it cannot say where the first name ends. Empty when nothing sensible is known.
 */
export function personFirstName(person: Person | undefined): string {
  const name = cleanDisplayName(person?.name);
  if (!name) return addressNameParts(personEmail(person))[0] ?? '';
  if (!isPerson(name)) return '';
  const words = nameWords(name);
  let i = 0;
  while (i < words.length - 1 && TITLES.has(wordKey(words[i] ?? ''))) i++;
  // "Dr. Smith": after a title, a lone word is the surname.
  if (i > 0 && i === words.length - 1) return '';
  let word = words[i] ?? '';
  const initial = (w: string) => /^\p{L}\.?$/u.test(w);
  if (initial(word)) {
    const next = words[i + 1] ?? '';
    // "J. Robert Smith": the middle name is the one used; "J. Smith" has no first name to use.
    word = i + 2 < words.length && !initial(next) ? next : '';
  }
  word = trimEnds(word, LETTER);
  if (!word || initial(word) || /\d/.test(word) || SUFFIXES.has(wordKey(word))) return '';
  return nameCase(word);
}

/** Today's date in the long form of `locale` in `timeZone` ("November 23, 2026"), or '' if they are not valid. */
export function formatToday(today: VariableValues['today']): string {
  if (!today || Number.isNaN(today.date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(today.locale, { dateStyle: 'long', timeZone: today.timeZone }).format(today.date);
  } catch {
    // An unknown time zone or a malformed locale: better missing than a wrong day.
    return '';
  }
}

/** Folds a prompt label to the key answers are matched by. */
function answerKey(label: string): string {
  return normalizeSpaces(label).toLowerCase();
}

/**
 * The block with its variables filled in (see the header for every rule). The body's values are
 * HTML-escaped, the subject's plain; the first cursor of the body becomes `CURSOR_MARKER`.
 */
export function fillBlock(block: BlockTexts, values: VariableValues): FilledBlock {
  const answers = new Map(Object.entries(values.answers ?? {}).map(([label, answer]) => [answerKey(label), answer]));
  const known: Record<VariableName, () => string> = {
    'sender.firstName': () => personFirstName(values.sender),
    'sender.name': () => personFullName(values.sender),
    'sender.email': () => personEmail(values.sender),
    'me.name': () => cleanValue(values.me?.name),
    'me.email': () => personEmail(values.me),
    today: () => formatToday(values.today),
    cursor: () => '',
  };
  const cache = new Map<string, string>();
  // A prompt's default is the first one any occurrence gives, as `parseVariables` offers it.
  let defaults: Map<string, string | undefined> | undefined;
  const defaultOf = (label: string) => {
    defaults ??= new Map(parseVariables(block).prompts.map((prompt) => [answerKey(prompt.label), prompt.defaultValue]));
    return defaults.get(answerKey(label));
  };
  const plainValue = (variable: BlockVariable): string => {
    const key = variableKey(variable);
    let value = cache.get(key);
    if (value === undefined) {
      if (variable.kind === 'ask') {
        const answer = answers.get(answerKey(variable.label));
        value = cleanValue(answer ?? defaultOf(variable.label));
      } else {
        const given = values.given && Object.hasOwn(values.given, variable.kind) ? values.given[variable.kind] : undefined;
        value = given === undefined ? known[variable.kind]() : cleanValue(given);
      }
      cache.set(key, value);
    }
    return value;
  };
  const missing = new VariableSet();
  let cursor: string | null = null;
  const valueIn = (format: TextFormat) => (variable: BlockVariable): string => {
    if (variable.kind === 'cursor') {
      if (format === 'text' || cursor !== null) return '';
      cursor = CURSOR_MARKER;
      return CURSOR_MARKER;
    }
    const value = plainValue(variable);
    if (!value) missing.add(variable);
    return format === 'html' ? escapeHtml(value) : value;
  };
  const subject = substitute(block.subject ?? '', 'text', valueIn('text'));
  const bodyHtml = substitute(block.bodyHtml, 'html', valueIn('html'));
  return { bodyHtml, subject, cursor, missing: missing.list };
}
