/**
 * A block's history: every save through the admin API keeps the whole block as a new version
 * (`block_versions`), in the same transaction as the save, with who made it and how (created,
 * edited, restored from an older version, deleted, undeleted). Admins list the versions, newest
 * first, each with the languages whose text it changed, and can bring back what any of them said;
 * the admin app shows the differences. A change to a variant is named by its language
 * (`variants.es` in the audit log's fields).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AdminBlockContent, BlockVersion } from '../../src/api/contract/admin';
import type { SupportedContext } from '../../src/api/contract/common';
import type { Db } from '../db/database';
import { blockVersions, users, type BlockVersionAction } from '../db/schema';
import type { blocks } from '../db/schema';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages';

export type BlockRow = typeof blocks.$inferSelect;
type VersionRow = typeof blockVersions.$inferSelect;

/** What a version holds of a block: its content, the fields an admin writes. */
export const CONTENT_FIELDS = ['name', 'body', 'categories', 'supportedContexts', 'cc', 'subjectLine', 'attachments', 'shortcut', 'examples', 'showFrom', 'showUntil', 'variants'] as const;
export type BlockContent = Pick<BlockRow, (typeof CONTENT_FIELDS)[number]>;

/** A block with nothing in it: what a new block's changes are counted from. */
export const EMPTY_CONTENT: BlockContent = { name: '', body: '', categories: [], supportedContexts: [], cc: [], subjectLine: null, attachments: [], shortcut: null, examples: [], showFrom: null, showUntil: null, variants: [] };

/** Attachments as `{ name, url }`, whatever order the database keeps their keys in. */
const attachmentsOf = (list: BlockContent['attachments']) => (list ?? []).map(({ name, url }) => ({ name, url }));

/**
 * The content of a block or of one of its versions as the admin API answers it (in a block, a
 * version and an export alike): left-out lists empty, no subject line null.
 */
export function contentOf(row: BlockContent): AdminBlockContent {
  return {
    name: row.name,
    body: row.body,
    categories: row.categories,
    supportedContexts: row.supportedContexts as SupportedContext[],
    cc: row.cc ?? [],
    subjectLine: row.subjectLine ?? null,
    attachments: attachmentsOf(row.attachments),
    examples: row.examples,
    shortcut: row.shortcut ?? null,
    showFrom: row.showFrom ?? null,
    showUntil: row.showUntil ?? null,
    variants: (row.variants ?? []).map((variant) => ({
      language: variant.language,
      name: variant.name,
      body: variant.body,
      subjectLine: variant.subjectLine ?? null,
      attachments: attachmentsOf(variant.attachments),
      examples: variant.examples ?? [],
      needsUpdate: variant.needsUpdate === true,
    })),
  };
}

type Variant = AdminBlockContent['variants'][number];

/** What a language's text is compared by: name, body, subject line and attachments. */
const textOf = (text: Pick<Variant, 'name' | 'body' | 'subjectLine' | 'attachments'>) => JSON.stringify([text.name, text.body, text.subjectLine, text.attachments]);

/** The languages of both lists of variants, each once: `before`'s order, then those only `after` has. */
function variantLanguages(before: readonly Variant[], after: readonly Variant[]): string[] {
  return [...new Set([...before, ...after].map((variant) => variant.language))];
}

/**
 * How the variants changed: `variants.es` for a variant added, removed or with other text,
 * `variants.es.needsUpdate` for one whose text is the same but whose mark is not.
 */
function changedVariants(before: readonly Variant[], after: readonly Variant[]): string[] {
  return variantLanguages(before, after).flatMap((language) => {
    const was = before.find((variant) => variant.language === language);
    const now = after.find((variant) => variant.language === language);
    if (!was || !now || textOf(was) !== textOf(now)) return [`variants.${language}`];
    return was.needsUpdate === now.needsUpdate ? [] : [`variants.${language}.needsUpdate`];
  });
}

/**
 * The names of the content fields that differ between `before` and `after` (for the audit log),
 * a variant by its language (`changedVariants`).
 */
export function changedFields(before: BlockContent, after: BlockContent): string[] {
  const a = contentOf(before);
  const b = contentOf(after);
  return CONTENT_FIELDS.flatMap((field) => {
    if (field === 'variants') return changedVariants(a.variants, b.variants);
    return JSON.stringify(a[field]) === JSON.stringify(b[field]) ? [] : [field];
  });
}

/**
 * The languages whose text differs from `before` to `after`: `en` for the block's own name, body,
 * subject line or attachments, a variant's language when it is added, removed or rewritten (its
 * `needsUpdate` mark alone is not its text). With no `before` (a first version): every language it has.
 */
export function languagesChanged(before: AdminBlockContent | null, after: AdminBlockContent): string[] {
  const own = !before || textOf(before) !== textOf(after) ? [DEFAULT_LANGUAGE] : [];
  const variants = changedVariants(before?.variants ?? [], after.variants).filter((field) => !field.endsWith('.needsUpdate'));
  return [...own, ...variants.map((field) => field.slice('variants.'.length))];
}

/** Keeps `row`, as it now stands, as its version `row.version`. */
export async function keepVersion(db: Db, row: BlockRow, action: BlockVersionAction, authorUserId: string | null, at: Date): Promise<void> {
  await db.insert(blockVersions).values({
    blockId: row.id,
    version: row.version,
    accountId: row.accountId,
    teamId: row.teamId,
    ...contentOf(row),
    authorUserId,
    action,
    createdAt: at,
  });
}

/** One version of a block, or undefined. */
export async function findVersion(db: Db, blockId: string, version: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(blockVersions)
    .where(and(eq(blockVersions.blockId, blockId), eq(blockVersions.version, version)))
    .limit(1);
  return row;
}

/** Every version of a block, newest first, with its author's address and the languages it changed from the one before. */
export async function listVersions(db: Db, blockId: string): Promise<BlockVersion[]> {
  const rows = await db
    .select({ version: blockVersions, authorEmail: users.email })
    .from(blockVersions)
    .leftJoin(users, eq(users.id, blockVersions.authorUserId))
    .where(eq(blockVersions.blockId, blockId))
    .orderBy(desc(blockVersions.version));
  const contents = rows.map(({ version }) => contentOf(version));
  return rows.map(({ version: row, authorEmail }, index) => ({
    version: row.version,
    action: row.action,
    author: row.authorUserId ? { _id: row.authorUserId, email: authorEmail ?? null } : null,
    createdAt: row.createdAt.toISOString(),
    ...contents[index]!,
    languagesChanged: languagesChanged(contents[index + 1] ?? null, contents[index]!),
  }));
}
