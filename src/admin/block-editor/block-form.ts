import { DEFAULT_SUPPORTED_CONTEXTS, adminBlockInput, type AdminBlock, type AdminBlockInput } from '../../api/contract/admin';
import type { SupportedContext } from '../../api/contract/common';
import { fieldSentence } from '../../domain/form-validation';
import { ApiError } from '../../api/client';
import { showDatesProblem } from '../../api/contract/wording';
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
}

export type BlockFormField = 'name' | 'body' | 'categories' | 'supportedContexts' | 'subjectLine' | 'cc' | 'attachments' | 'shortcut' | 'examples' | 'showFrom' | 'showUntil';

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
    ...stewardshipFormOf(block),
  };
}

const splitList = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((part) => part.trim())
    .filter(Boolean);

/** The field each problem belongs to, in the contract's words, or the block to send. */
export function blockInputOf(values: BlockFormValues, sanitize: (html: string) => string): { input: AdminBlockInput } | { errors: Partial<Record<BlockFormField, string>> } {
  const candidate = {
    name: values.name,
    body: sanitize(values.body),
    categories: [...new Set(splitList(values.categories, /,/))],
    supportedContexts: values.supportedContexts,
    subjectLine: values.subjectLine.trim() || null,
    cc: splitList(values.cc, /[,;]/),
    attachments: values.attachments.filter((attachment) => attachment.name.trim() || attachment.url.trim()),
    examples: [...new Set(splitList(values.examples, /\r\n|\n|\r/))],
    shortcut: values.shortcut.trim() || null,
    showFrom: values.showFrom || null,
    showUntil: values.showUntil || null,
    ...stewardshipInputOf(values),
  };
  const parsed = adminBlockInput.safeParse(candidate);
  const order = showDatesProblem(candidate.showFrom, candidate.showUntil);
  if (parsed.success && !order) return { input: candidate };
  const errors: Partial<Record<BlockFormField, string>> = order ? { showUntil: order } : {};
  if (parsed.success) return { errors };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as BlockFormField;
    if (errors[field]) continue;
    errors[field] = fieldSentence(subjectOf(field, issue.path[1], issue.path[2]), issue.message);
  }
  return { errors };
}

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
};

/** The shortcut's field error when the server refused it (another block of the team has it), else null. */
export function shortcutErrorOf(failure: unknown): Partial<Record<BlockFormField, string>> | null {
  return failure instanceof ApiError && failure.code === 'shortcut_taken' ? { shortcut: failure.message } : null;
}
