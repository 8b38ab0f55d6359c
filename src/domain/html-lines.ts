/**
 * Where a variable may run in an HTML body (see `variable-syntax.ts` for the syntax): variables are
 * read in text only, never inside tags, comments, scripts or styles (an attribute keeps its
 * braces). A variable may run across the inline formatting tags an editor or a paste puts in
 * (`{{sender.<b>firstName</b>}}`), but not across a line or block edge (`<br>`, `<p>`, `<div>`, an
 * image): there the braces are text. This file cuts a text into those lines, each with the pieces
 * of source it is made of, in one linear pass.
 */
import type { TextFormat } from './variable-syntax';

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
export interface HtmlToken {
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

/** A text segment of a line: its source offsets and its offset in the line's text. */
export interface Segment {
  from: number;
  to: number;
  at: number;
}

/** An inline tag of a line, at its offset in the line's text (between the characters `at - 1` and `at`). */
export interface LineTag {
  token: HtmlToken;
  at: number;
}

/** A stretch of text a variable may not leave: a whole subject, or an HTML line between boundaries. */
export interface Line {
  text: string;
  segments: Segment[];
  tags: LineTag[];
}

/** The lines of a text, each with the pieces of source it is made of. */
export function linesOf(source: string, format: TextFormat): Line[] {
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
