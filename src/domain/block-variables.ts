/**
 * Filling a block's variables (`variable-syntax.ts` for their syntax, `variable-substitution.ts`
 * for how a value goes into HTML). Values are trimmed, whitespace runs made one space, control and
 * private-use characters removed, and put in once (a value that reads like a variable stays text):
 * HTML-escaped into a body, plain into a subject. The sender's names come from the display name or
 * else the address (`personFirstName`, `personFullName`); `me.name` is used as given; `given`
 * answers from the dialog (`variable-questions.ts`) replace both. A variable whose value is unknown
 * or empty is removed with one space beside it (the one before it, or at the start of a line,
 * paragraph or subject the one after; in HTML also `&nbsp;` or a source line break) and reported
 * in `missing`, except cursors. The first `{{cursor}}` of a body becomes `CURSOR_MARKER`; later
 * ones, and any in the subject, are removed. Examples and why: docs/decisions/variable-syntax.md.
 */
import { CURSOR_MARKER } from './cursor-marker';
import { cleanValue, normalizeSpaces } from './clean-value';
import { personEmail, personFirstName, personFullName, type Person } from './display-names';
import { escapeHtml } from './escape-html';
import { parseVariables, VariableSet } from './variable-parsing';
import { substitute } from './variable-substitution';
import { variableKey, type BlockTexts, type BlockVariable, type TextFormat, type VariableName } from './variable-syntax';

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
