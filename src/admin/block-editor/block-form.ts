import { DEFAULT_SUPPORTED_CONTEXTS, adminBlockInput, type AdminBlock, type AdminBlockInput } from '../../api/contract/admin';
import type { SupportedContext } from '../../api/contract/common';
import { fieldSentence } from '../../domain/form-validation';
import { ApiError } from '../../api/client';
import { showDatesProblem } from '../../api/contract/wording';
import { htmlToText } from '../../domain/html-to-text';
import type { LanguageCode } from '../../domain/languages';
import { NEW_STEWARDSHIP, stewardshipFormOf, stewardshipInputOf, type StewardshipValues } from '../stewardship/stewardship-fields';

/** What the block form holds while the admin types: lists as the text they type them in. */
export interface BlockFormValues extends StewardshipValues {
  name: string;
  body: string;
  /** Comma-separated. */
  categories: string;
  supportedContexts: SupportedContext[];
  subjectLine: string;
  /** Comma- or semicolon-separated addresses. */
  cc: string;
  attachments: Array<{ name: string; url: string }>;
  /** What members type, then a space, to insert the block; empty for none. */
  shortcut: string;
  /** One question per line. */
  examples: string;
  /** The first and last days staff see the block (YYYY-MM-DD, the account's time zone); empty for no limit. */
  showFrom: string;
  showUntil: string;
  /** Its text in other languages, one per language, in the order the admin added them. */
  variants: VariantFormValues[];
}

/** A variant as the admin types it: the block's name, body, subject line and attachments in `language`. */
export interface VariantFormValues {
  language: string;
  name: string;
  body: string;
  subjectLine: string;
  attachments: Array<{ name: string; url: string }>;
  /** Questions people ask in this language, one per line (recommendations for its emails read them). */
  examples: string;
  /** The English text changed after this text was saved; "Mark as up to date" clears it. */
  needsUpdate: boolean;
}

/** The fields of a variant that can be wrong. */
export type VariantFormField = 'language' | 'name' | 'body' | 'subjectLine' | 'attachments' | 'examples';

/** Where a variant's field error is kept among the form's errors: "variants.es.name". */
export type VariantErrorKey = `variants.${string}.${VariantFormField}`;
export const variantErrorKey = (language: string, field: VariantFormField): VariantErrorKey => `variants.${language}.${field}`;

/** A problem per field of the form: the block's own fields, and its variants' by `variantErrorKey`. */
export type BlockFormErrors = Partial<Record<BlockFormField | VariantErrorKey, string>>;

/** The variant the "Add Spanish version" button starts. */
export const emptyVariant = (language: string): VariantFormValues => ({ language, name: '', body: '', subjectLine: '', attachments: [], examples: '', needsUpdate: false });

export type BlockFormField =
  | 'name'
  | 'body'
  | 'categories'
  | 'supportedContexts'
  | 'subjectLine'
  | 'cc'
  | 'attachments'
  | 'shortcut'
  | 'examples'
  | 'showFrom'
  | 'showUntil'
  /** The list of variants as a whole (one per language). */
  | 'variants';

/** A new block: used everywhere (`DEFAULT_SUPPORTED_CONTEXTS`) until the admin unticks a place. */
export const EMPTY_BLOCK_FORM: BlockFormValues = {
  name: '',
  body: '',
  categories: '',
  supportedContexts: [...DEFAULT_SUPPORTED_CONTEXTS],
  subjectLine: '',
  cc: '',
  attachments: [],
  examples: '',
  shortcut: '',
  showFrom: '',
  showUntil: '',
  variants: [],
  ...NEW_STEWARDSHIP,
};

export function formOfBlock(block: AdminBlock): BlockFormValues {
  return {
    name: block.name,
    body: block.body,
    categories: block.categories.join(', '),
    supportedContexts: [...block.supportedContexts],
    subjectLine: block.subjectLine ?? '',
    cc: block.cc.join(', '),
    attachments: block.attachments.map((attachment) => ({ ...attachment })),
    examples: block.examples.join('\n'),
    shortcut: block.shortcut ?? '',
    showFrom: block.showFrom ?? '',
    showUntil: block.showUntil ?? '',
    variants: block.variants.map((variant) => ({
      language: variant.language,
      name: variant.name,
      body: variant.body,
      subjectLine: variant.subjectLine ?? '',
      attachments: variant.attachments.map((attachment) => ({ ...attachment })),
      examples: variant.examples.join('\n'),
      needsUpdate: variant.needsUpdate,
    })),
    ...stewardshipFormOf(block),
  };
}

const splitList = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((part) => part.trim())
    .filter(Boolean);

const filledAttachments = (attachments: ReadonlyArray<{ name: string; url: string }>) => attachments.filter((attachment) => attachment.name.trim() || attachment.url.trim());

/** A body the editor holds with no text in it (an emptied editor keeps `<p></p>`). */
const isEmptyBody = (html: string) => htmlToText(html).trim() === '' && !/<img\b/i.test(html);

/**
 * The field each problem belongs to, in the contract's words, or the block to send. A variant's
 * problems are kept by `variantErrorKey`; a variant whose content has no text is refused as the
 * contract refuses an empty one.
 */
export function blockInputOf(values: BlockFormValues, sanitize: (html: string) => string): { input: AdminBlockInput } | { errors: BlockFormErrors } {
  const candidate = {
    name: values.name,
    body: sanitize(values.body),
    categories: [...new Set(splitList(values.categories, /,/))],
    supportedContexts: values.supportedContexts,
    subjectLine: values.subjectLine.trim() || null,
    cc: splitList(values.cc, /[,;]/),
    attachments: filledAttachments(values.attachments),
    examples: [...new Set(splitList(values.examples, /\r\n|\n|\r/))],
    shortcut: values.shortcut.trim() || null,
    showFrom: values.showFrom || null,
    showUntil: values.showUntil || null,
    variants: values.variants.map((variant) => ({
      // Checked by the contract below: a language the form does not know is refused there.
      language: variant.language as LanguageCode,
      name: variant.name,
      body: sanitize(variant.body),
      subjectLine: variant.subjectLine.trim() || null,
      attachments: filledAttachments(variant.attachments),
      examples: [...new Set(splitList(variant.examples, /\r\n|\n|\r/))],
      needsUpdate: variant.needsUpdate,
    })),
    ...stewardshipInputOf(values),
  };
  const parsed = adminBlockInput.safeParse(candidate);
  const errors: BlockFormErrors = {};
  const order = showDatesProblem(candidate.showFrom, candidate.showUntil);
  if (order) errors.showUntil = order;
  for (const variant of candidate.variants) {
    if (isEmptyBody(variant.body)) errors[variantErrorKey(variant.language, 'body')] = EMPTY_VARIANT_BODY;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { input: candidate };
  if (parsed.success) return { errors };
  for (const issue of parsed.error.issues) {
    const [first, second, third, fourth] = issue.path;
    if (first === 'variants' && typeof second === 'number') {
      const language = candidate.variants[second]?.language ?? '';
      const field = third as VariantFormField;
      const subject = field === 'language' ? 'Language' : subjectOf(field, fourth, issue.path[4]);
      errors[variantErrorKey(language, field)] ??= fieldSentence(subject, issue.message);
      continue;
    }
    const field = first as BlockFormField;
    errors[field] ??= fieldSentence(subjectOf(field, second, third), issue.message);
  }
  return { errors };
}

/** What an emptied variant's content is told: the contract's words for an empty body. */
const EMPTY_VARIANT_BODY = 'Block Content is required';

/** What a problem is said of, as the form names it: "Name", "Category 2", "Attachment 1's address". */
function subjectOf(field: BlockFormField, index: PropertyKey | undefined, part: PropertyKey | undefined): string {
  if (typeof index !== 'number') return FIELD_LABELS[field];
  const position = index + 1;
  if (field === 'cc') return `Address ${position}`;
  if (field === 'categories') return `Category ${position}`;
  if (field === 'examples') return `Example question ${position}`;
  if (field === 'attachments') return `Attachment ${position}${part === 'url' ? '’s address' : part === 'name' ? '’s name' : ''}`;
  return `${FIELD_LABELS[field]} item ${position}`;
}

const FIELD_LABELS: Record<BlockFormField, string> = {
  name: 'Name',
  body: 'The block',
  categories: 'Categories',
  supportedContexts: 'Used in',
  subjectLine: 'Subject line',
  cc: 'Cc',
  attachments: 'Attachments',
  examples: 'Questions people ask',
  shortcut: 'Shortcut',
  showFrom: 'Show from',
  showUntil: 'Show until',
  variants: 'Other languages',
};

/** The shortcut's field error when the server refused it (another block of the team has it), else null. */
export function shortcutErrorOf(failure: unknown): Partial<Record<BlockFormField, string>> | null {
  return failure instanceof ApiError && failure.code === 'shortcut_taken' ? { shortcut: failure.message } : null;
}
