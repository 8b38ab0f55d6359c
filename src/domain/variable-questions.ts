/**
 * What to ask before a block goes in: its own questions (`{{ask:Label|default}}`), and every
 * variable it uses whose value Cannery does not know for sure, so a reply never reads "Dear," or
 * goes out unsigned. One list, in the order the block uses them (subject first, then body).
 * - Known, not asked: the sender's names from a display name that yields them; any address; the
 *   user's name when their account has one; today's date.
 * - Guessed, asked with the guess filled in: names read from an address alone ("jordan.smith@",
 *   or one word that is a common first name: "maria84@"), also for the user's own name; a display
 *   name without a usable first name ("J. Smith") falls back to its address.
 * - Unknown, asked with an empty field: nothing to go on ("mlopez@", "Elections Office").
 * The cursor is never asked. Why: docs/decisions/variable-syntax.md.
 */
import { formatToday, type VariableValues } from './block-variables';
import { cleanValue } from './clean-value';
import { addressName, hasDisplayName, personEmail, personFirstName, personFullName } from './display-names';
import { parseVariables } from './variable-parsing';
import type { BlockTexts, BlockVariable, VariableName } from './variable-syntax';
import { COMMON_FIRST_NAMES } from './common-names';

/** How much Cannery knows of a variable's value at insertion. */
export type ValueCertainty = 'known' | 'guess' | 'unknown';

export interface VariableValue {
  /** Plain text; '' when unknown. */
  value: string;
  certainty: ValueCertainty;
}

/** The variables that take a value (all but the cursor and questions). */
export type ValueVariableName = Exclude<VariableName, 'cursor'>;

/** One field of the dialog. */
export interface VariableQuestion {
  /** What the answer comes back under: `ask:<label, lower case>` for a question, else the variable's name. */
  key: string;
  /** The block's question, or the variable whose value is asked. */
  variable: BlockVariable;
  /** The field's label: the question as written, or the variable's ("Sender's first name"). */
  label: string;
  /** What the field starts with: the question's default, the guess, or ''. */
  defaultValue: string;
  /** Why it is asked, when that helps: a guess to check, or where the user's name is set. */
  hint?: string;
}

/** Labels in the dialog: the reply's point of view ("Your name", not the editor's "My name"). */
export const QUESTION_LABELS: Readonly<Record<ValueVariableName, string>> = {
  'sender.firstName': "Sender's first name",
  'sender.name': "Sender's full name",
  'sender.email': "Sender's email",
  'me.name': 'Your name',
  'me.email': 'Your email',
  today: "Today's date",
};

/** Writing an email, the person a reply greets is the one it goes to: the same fields, named for them. */
export const WRITING_LABELS: Readonly<Partial<Record<ValueVariableName, string>>> = {
  'sender.firstName': "Recipient's first name",
  'sender.name': "Recipient's full name",
  'sender.email': "Recipient's email",
};

export const QUESTION_HINTS = {
  guess: 'Guessed from the email address.',
  myName: 'Set your display name in Settings and it is filled in for you.',
} as const;

const FIRST_NAMES: ReadonlySet<string> = new Set(COMMON_FIRST_NAMES.map((name) => name.toLowerCase()));

/**
 * A first name guessed from an address alone: the first part of a local part that reads as a
 * name ("jordan.smith" → Jordan), or a local part that is one common first name, digits aside
 * ("maria84" → Maria); '' otherwise ("mlopez", "info").
 */
export function guessFirstNameFromAddress(email: string | undefined): string {
  const parts = addressName(email);
  if (parts.length > 0) return parts[0] ?? '';
  const address = personEmail({ email });
  const local = address.slice(0, address.lastIndexOf('@')).replace(/\+.*$/, '').replace(/\d+$/, '').toLowerCase();
  return FIRST_NAMES.has(local) ? local.charAt(0).toUpperCase() + local.slice(1) : '';
}

/** A full name guessed from an address alone ("jordan.smith@" → Jordan Smith), or ''. */
export function guessFullNameFromAddress(email: string | undefined): string {
  return addressName(email).join(' ');
}

const known = (value: string): VariableValue => (value ? { value, certainty: 'known' } : { value: '', certainty: 'unknown' });
const guessed = (value: string): VariableValue => (value ? { value, certainty: 'guess' } : { value: '', certainty: 'unknown' });

/** The value of `name` for a reply with `values`, and how sure it is (see the header). */
export function variableValue(name: ValueVariableName, values: VariableValues): VariableValue {
  const { sender, me } = values;
  switch (name) {
    case 'sender.firstName': {
      const fromName = hasDisplayName(sender) ? personFirstName({ name: sender?.name ?? '' }) : '';
      return fromName ? known(fromName) : guessed(guessFirstNameFromAddress(personEmail(sender)));
    }
    case 'sender.name': {
      const fromName = hasDisplayName(sender) ? personFullName({ name: sender?.name ?? '' }) : '';
      return fromName ? known(fromName) : guessed(guessFullNameFromAddress(personEmail(sender)));
    }
    case 'sender.email':
      return known(personEmail(sender));
    case 'me.name': {
      const name = cleanValue(me?.name);
      return name ? known(name) : guessed(guessFullNameFromAddress(personEmail(me)));
    }
    case 'me.email':
      return known(personEmail(me));
    case 'today':
      return known(formatToday(values.today));
  }
}

/** The key an answer to `variable` comes back under. */
export function questionKey(variable: BlockVariable): string {
  return variable.kind === 'ask' ? `ask:${variable.label.replace(/\s+/g, ' ').trim().toLowerCase()}` : variable.kind;
}

/**
 * What to ask before inserting `block` with `values`: its questions and the variables whose
 * value is not known for sure, each once, in order of first use. Empty: insert at once.
 * `nameInSettings`: the user can set their name in Settings (a password account; a work account's
 * comes from its provider), which the "Your name" field then says. `writing`: the email is being
 * written (a compose or a text field), so the sender fields are named for its recipient.
 */
export function variableQuestions(block: BlockTexts, values: VariableValues, options: { nameInSettings?: boolean; writing?: boolean } = {}): VariableQuestion[] {
  const nameInSettings = options.nameInSettings ?? true;
  const questions: VariableQuestion[] = [];
  for (const variable of parseVariables(block).variables) {
    if (variable.kind === 'cursor') continue;
    if (variable.kind === 'ask') {
      questions.push({ key: questionKey(variable), variable, label: variable.label, defaultValue: variable.defaultValue ?? '' });
      continue;
    }
    const { value, certainty } = variableValue(variable.kind, values);
    if (certainty === 'known') continue;
    const hint = variable.kind === 'me.name' && nameInSettings ? QUESTION_HINTS.myName : certainty === 'guess' ? QUESTION_HINTS.guess : undefined;
    const label = (options.writing ? WRITING_LABELS[variable.kind] : undefined) ?? QUESTION_LABELS[variable.kind];
    questions.push({ key: variable.kind, variable, label, defaultValue: value, ...(hint ? { hint } : {}) });
  }
  return questions;
}

/**
 * The dialog's answers (by question key) as `fillBlock` takes them: the block's questions by
 * label, the other variables as given values. A question left out is not answered (its default
 * applies); a value left blank is missing and removed cleanly.
 */
export function answersToValues(questions: readonly VariableQuestion[], answers: Readonly<Record<string, string>>): Pick<VariableValues, 'answers' | 'given'> {
  const prompts: Record<string, string> = {};
  const given: Partial<Record<VariableName, string>> = {};
  for (const question of questions) {
    if (!Object.hasOwn(answers, question.key)) continue;
    const answer = answers[question.key] ?? '';
    if (question.variable.kind === 'ask') prompts[question.variable.label] = answer;
    else given[question.variable.kind] = answer;
  }
  return { answers: prompts, given };
}
