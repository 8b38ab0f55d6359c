/**
 * Variables in block bodies and subject lines: the one place that knows their syntax. The stored
 * form is plain text: `{{sender.firstName}}`, `{{sender.name}}`, `{{sender.email}}`, `{{me.name}}`,
 * `{{me.email}}`, `{{today}}` (long form, the caller's locale and time zone), `{{cursor}}` (where
 * the caret goes) and `{{ask:Label}}` or `{{ask:Label|default}}` (asked before insertion).
 * - Names ignore case and whitespace. In a prompt `\` takes the next character literally, the first
 *   unescaped `|` starts the default, labels and defaults are trimmed with whitespace runs made one
 *   space; a prompt without a label is no variable; prompts with the same label are asked once.
 * - At most 1,000 characters between the braces; of a run of opening braces the last two open one,
 *   and an opening pair inside a variable starts it again. `\{{today}}` is the text `{{today}}`.
 * - Anything else between double braces stays as typed; `parseVariables` lists it under `unknown`.
 * All of it is linear in the size of the text. The other jobs: `html-lines.ts`,
 * `variable-substitution.ts`, `variable-parsing.ts`, `block-variables.ts`, `display-names.ts`,
 * `cursor-marker.ts`. The rules with examples, and why: docs/decisions/variable-syntax.md.
 */
import { normalizeSpaces } from './clean-value';

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

// Reading variables -------------------------------------------------------------------------------

/** At most this many characters between a variable's braces. */
const MAX_VARIABLE_LENGTH = 1000;

/** The variable a text between braces names, or null. `inner` is at most MAX_VARIABLE_LENGTH long. */
export function readVariable(inner: string): BlockVariable | null {
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
export function variableKey(variable: BlockVariable): string {
  return variable.kind === 'ask' ? `ask:${variable.label.toLowerCase()}` : variable.kind;
}

/** `{{` … `}}` found in a text: offsets of the braces' outer edges, and whether `\` escaped it. */
export interface Candidate {
  open: number;
  close: number;
  escaped: boolean;
}

/**
 * The brace pairs of `text`, left to right. Every character is looked at a bounded number of
 * times: a scan stops at the closing pair, at a new opening pair (which takes over), or after
 * MAX_VARIABLE_LENGTH characters, and the search goes on from where the scan stopped.
 */
export function findCandidates(text: string): Candidate[] {
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
