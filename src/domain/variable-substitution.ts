/**
 * The edit engine: each variable of a text replaced by a value (see `variable-syntax.ts` for the
 * syntax). Filling puts the value where `{{` was, drops the inline tags opened and closed inside
 * the variable, and keeps the others in their order after the value, so the result has the same
 * tag balance as the body: `<b>{{sender.</b>firstName}}` is `<b>Maria</b>`. Entities in the
 * variable's text are decoded (`{{ask:Fees &amp; costs}}`). A variable whose value is empty is
 * removed with one space beside it, so the sentence still reads: the space before it ("Dear
 * {{sender.firstName}}," is "Dear,"), or, at the start of a line, paragraph or subject, the space
 * after it. In HTML a space is also a non-breaking space (`&nbsp;`, which editors write before a
 * chip) or a source line break.
 */
import { decodeHtmlEntities } from './html-to-text';
import { linesOf, type HtmlToken, type Line, type LineTag, type Segment } from './html-lines';
import { findCandidates, readVariable, type BlockVariable, type Candidate, type TextFormat } from './variable-syntax';

/** A change to a text: `[from, to)` becomes `insert`. */
interface Edit {
  from: number;
  to: number;
  insert: string;
}

/** One variable found in a line, with what it becomes (`null`: not a variable, left as it is). */
export interface Occurrence {
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
export function scanText(source: string, format: TextFormat): Array<{ line: Line; found: Occurrence[] }> {
  // Fast path, and the promise that a text without variables comes back unchanged.
  if (!source.includes('{{')) return [];
  return linesOf(source, format)
    .map((line) => ({ line, found: occurrences(line, format) }))
    .filter(({ found }) => found.length > 0);
}

/** The text with `valueOf`'s value put in for each of its variables. */
export function substitute(source: string, format: TextFormat, valueOf: (variable: BlockVariable) => string): string {
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
