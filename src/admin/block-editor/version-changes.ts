import { diffWords } from 'diff';
import type { BlockVersion } from '../../api/contract/admin';
import { htmlToText } from '../../domain/html-to-text';
import { languageName } from '../../domain/languages';
import { CONTEXT_LABELS } from '../common/contexts';

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

type Comparable = Pick<BlockVersion, 'name' | 'body' | 'categories' | 'supportedContexts' | 'cc' | 'subjectLine' | 'attachments' | 'shortcut' | 'examples' | 'showFrom' | 'showUntil'> & {
  variants?: BlockVersion['variants'];
};
type Variant = BlockVersion['variants'][number];

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

const VARIANT_FIELDS: ReadonlyArray<[string, (variant: Variant) => string]> = [
  ['name', (variant) => variant.name],
  ['text', (variant) => htmlToText(variant.body).trim()],
  ['subject line', (variant) => variant.subjectLine ?? '(none)'],
  ['attachments', (variant) => listText(variant.attachments.map((attachment) => `${attachment.name} (${attachment.url})`))],
];

/** Each variant's text that changed, labelled by its language ("Spanish text"); an absent variant reads "(none)". */
function variantFields(before: Comparable | null, after: Comparable): VersionChanges['fields'] {
  const was = before?.variants ?? [];
  const now = after.variants ?? [];
  return [...new Set([...was, ...now].map((variant) => variant.language))].flatMap((language) => {
    const old = was.find((variant) => variant.language === language);
    const current = now.find((variant) => variant.language === language);
    return VARIANT_FIELDS.flatMap(([label, read]) => {
      const from = old ? read(old) : '(none)';
      const to = current ? read(current) : '(none)';
      return from === to ? [] : [{ label: `${languageName(language)} ${label}`, before: from, after: to }];
    });
  });
}

/**
 * The differences from `before` to `after`: each other field as before/after (a variant's by its
 * language), and the body as a
 * word diff of its text (formatting changes alone show as an unchanged text with a note).
 */
export function versionChanges(before: Comparable | null, after: Comparable): VersionChanges {
  const fields = [
    ...FIELDS.flatMap(([label, read]) => {
      const was = before ? read(before) : '';
      const now = read(after);
      return was === now ? [] : [{ label, before: was, after: now }];
    }),
    ...variantFields(before, after),
  ];
  if (before && before.body === after.body) return { fields, body: null };
  const textOf = (html: string) => htmlToText(html).trim();
  const runs = diffWords(before ? textOf(before.body) : '', textOf(after.body)).map(
    (part): TextRun => ({ text: part.value, change: part.added ? 'added' : part.removed ? 'removed' : 'same' }),
  );
  return { fields, body: runs };
}
