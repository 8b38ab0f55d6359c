/**
 * A block's text in one language (`languages.ts`). A block has one id, shortcut, team and usage
 * history; its own fields are its default-language (English) text, and each variant gives the
 * name, body (variables included), subject line and attachments in another language.
 *
 * `blockInLanguage` is what every screen shows and inserts: the block as it reads in a language,
 * its own text when it has no variant there (`fallback`), so a user always has an answer and sees
 * when it is not in the email's language.
 */
import type { Block, BlockVariant } from './types';
import { DEFAULT_LANGUAGE } from './languages';

export type { BlockVariant };

/** A block as it reads in `language`: the variant's text over the block's own. */
export type BlockInLanguage<B extends Block = Block> = B & {
  /** The language of the text the block now carries. */
  language: string;
  /** The language that was asked for, when the block has no variant in it (it then reads in the default language). */
  missingLanguage?: string;
  /** The block with its own text, so it can be read in another language again. */
  original?: B;
};

type WithVariants = { variants?: readonly BlockVariant[] | undefined };

/** The block's variant in `language`, or undefined (the default language never has one). */
export function variantIn(block: WithVariants, language: string): BlockVariant | undefined {
  if (language === DEFAULT_LANGUAGE) return undefined;
  return block.variants?.find((variant) => variant.language === language);
}

/** The languages the block reads in: the default first, then its variants' in their order. */
export function blockLanguages(block: WithVariants): string[] {
  return [DEFAULT_LANGUAGE, ...(block.variants ?? []).map((variant) => variant.language).filter((language) => language !== DEFAULT_LANGUAGE)];
}

/**
 * `block` as it reads in `language` (see the module comment). The variant's subject line,
 * attachments and example questions replace the block's (the block's own are in English).
 */
export function blockInLanguage<B extends Block & WithVariants>(block: B | BlockInLanguage<B>, language: string): BlockInLanguage<B> {
  const own = (block as BlockInLanguage<B>).original ?? (block);
  // The same block in the same language is the same object, so lists that are recomputed keep
  // their rows (and a row's preview) while nothing changed.
  let byLanguage = projections.get(own);
  if (!byLanguage) {
    byLanguage = new Map();
    projections.set(own, byLanguage);
  }
  const known = byLanguage.get(language) as BlockInLanguage<B> | undefined;
  if (known) return known;
  const projected = project(own, language);
  byLanguage.set(language, projected);
  return projected;
}

const projections = new WeakMap<object, Map<string, unknown>>();

function project<B extends Block & WithVariants>(own: B, language: string): BlockInLanguage<B> {
  const variant = variantIn(own, language);
  if (!variant) {
    const base: BlockInLanguage<B> = { ...own, language: DEFAULT_LANGUAGE, original: own };
    return language === DEFAULT_LANGUAGE ? base : { ...base, missingLanguage: language };
  }
  const { subjectLine: _subject, attachments: _attachments, examples: _examples, ...rest } = own;
  return {
    ...rest,
    original: own,
    name: variant.name,
    body: variant.body,
    ...(variant.subjectLine ? { subjectLine: variant.subjectLine } : {}),
    ...(variant.attachments?.length ? { attachments: variant.attachments } : {}),
    ...(variant.examples?.length ? { examples: variant.examples } : {}),
    language,
  } as BlockInLanguage<B>;
}

/** Every block of `blocks` as it reads in `language`. */
export function blocksInLanguage<B extends Block & WithVariants>(blocks: readonly B[], language: string): BlockInLanguage<B>[] {
  return blocks.map((block) => blockInLanguage(block, language));
}

/** True when some block of the list has a variant in `language`. */
export function anyVariantIn(blocks: readonly WithVariants[], language: string): boolean {
  return language !== DEFAULT_LANGUAGE && blocks.some((block) => variantIn(block, language) !== undefined);
}
