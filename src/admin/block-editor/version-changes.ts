import { diffWords } from 'diff';
import type { BlockVersion } from '../../api/contract/admin';
import { htmlToText } from '../../domain/html-to-text';
import { CONTEXT_LABELS } from '../common/contexts';
import { languageName } from '../../domain/languages';

/** A run of the body's text: kept, added or removed between two versions. */
export interface TextRun {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** What one version changed against the one before it, in words an admin reads. */
export interface VersionChanges {
  /** Fields other than the body that changed: their label, before and after. */
  fields: Array<{ label: string; before: string; after: string }>;
  /** The body's text, word by word; null when the body did not change. */
  body: TextRun[] | null;
}

type Comparable = Pick<BlockVersion, 'name' | 'body' | 'categories' | 'supportedContexts' | 'cc' | 'subjectLine' | 'attachments' | 'shortcut' | 'examples' | 'showFrom' | 'showUntil'> &
  Partial<Pick<BlockVersion, 'variants'>>;
type Variant = NonNullable<Comparable['variants']>[number];

const listText = (items: readonly string[]) => items.join(', ') || '(none)';

const FIELDS: ReadonlyArray<[string, (version: Comparable) => string]> = [
  ['Name', (version) => version.name],
  ['Subject line', (version) => version.subjectLine ?? '(none)'],
  ['Shortcut', (version) => version.shortcut ?? '(none)'],
  ['Categories', (version) => listText(version.categories)],
  ['Used in', (version) => listText(version.supportedContexts.map((context) => CONTEXT_LABELS[context]))],
  ['Cc', (version) => listText(version.cc)],
  ['Attachments', (version) => listText(version.attachments.map((attachment) => `${attachment.name} (${attachment.url})`))],
  ['Questions people ask', (version) => version.examples.join(' / ') || '(none)'],
  ['Show from', (version) => version.showFrom ?? '(none)'],
  ['Show until', (version) => version.showUntil ?? '(none)'],
];

/** A variant's content as the history shows it: its text, cut after this many characters. */
const VARIANT_TEXT = 120;
const shortText = (html: string) => {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length > VARIANT_TEXT ? `${text.slice(0, VARIANT_TEXT - 1)}…` : text;
};

const VARIANT_FIELDS: ReadonlyArray<[string, (variant: Variant) => string]> = [
  ['name', (variant) => variant.name],
  ['subject line', (variant) => variant.subjectLine ?? '(none)'],
  ['content', (variant) => shortText(variant.body)],
  ['attachments', (variant) => listText(variant.attachments.map((attachment) => `${attachment.name} (${attachment.url})`))],
  ['questions people ask', (variant) => listText(variant.examples ?? [])],
  ['state', (variant) => (variant.needsUpdate ? 'Needs update' : 'Up to date')],
];

/** Each language's version added, removed or changed (field by field: "Spanish name", "Spanish content", …). */
function variantChanges(before: Comparable | null, after: Comparable): VersionChanges['fields'] {
  const languages = [...new Set([...(before?.variants ?? []), ...(after.variants ?? [])].map((variant) => variant.language))];
  return languages.flatMap((language) => {
    const was = before?.variants?.find((variant) => variant.language === language);
    const now = after.variants?.find((variant) => variant.language === language);
    const name = languageName(language);
    if (!was) return now ? [{ label: `${name} version`, before: '(none)', after: `Added: ${now.name}` }] : [];
    if (!now) return [{ label: `${name} version`, before: was.name, after: 'Removed' }];
    return VARIANT_FIELDS.flatMap(([part, read]) => {
      const then = read(was);
      const next = read(now);
      return then === next ? [] : [{ label: `${name} ${part}`, before: then, after: next }];
    });
  });
}

/**
 * The differences from `before` to `after`: each other field as before/after (a version in
 * another language by its parts, its content cut short), and the body as a
 * word diff of its text (formatting changes alone show as an unchanged text with a note).
 */
export function versionChanges(before: Comparable | null, after: Comparable): VersionChanges {
  const fields = FIELDS.flatMap(([label, read]) => {
    const was = before ? read(before) : '';
    const now = read(after);
    return was === now ? [] : [{ label, before: was, after: now }];
  }).concat(variantChanges(before, after));
  if (before && before.body === after.body) return { fields, body: null };
  const textOf = (html: string) => htmlToText(html).trim();
  const runs = diffWords(before ? textOf(before.body) : '', textOf(after.body)).map(
    (part): TextRun => ({ text: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'same' }),
  );
  return { fields, body: runs };
}
