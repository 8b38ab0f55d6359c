/**
 * Recommendations in the email's language: one index per language, built over the blocks as they
 * read in it (`block-variants.ts`: a block without a variant there keeps its default text) with
 * that language's stemmer and stop words (`language-words.ts`). The default language's index is
 * the one the account's hints (`meaning-hints.ts`, English words) apply to; another language's is
 * built the first time it is needed, or ahead with `prepare`. What the app loads after its first
 * paint, with the scorer.
 */
import type { Block } from './types';
import type { BlockCorpus } from './block-corpus';
import { blocksInLanguage, type BlockInLanguage } from './block-variants';
import { languageWords } from './language-words';
import { DEFAULT_LANGUAGE } from './languages';
import { buildRecommendationIndex, recommendBlocks, type Recommendation, type RecommendationHints, type RecommendationIndex } from './recommend-blocks';

export interface LanguageRecommender<B extends Block> {
  /** At most 5 blocks for `emailBody`, read in `language`, each as it reads there. */
  recommend(emailBody: string, language: string, learned?: ReadonlyMap<string, number>): Recommendation<B | BlockInLanguage<B>>[];
  /** Builds the index of `language` now, so its first email costs no more than the next. */
  prepare(language: string): void;
}

export function buildLanguageRecommender<B extends Block>(blocks: readonly B[], corpus: BlockCorpus<B>, hints: RecommendationHints | null): LanguageRecommender<B> {
  const indexes = new Map<string, RecommendationIndex<B | BlockInLanguage<B>>>();
  indexes.set(DEFAULT_LANGUAGE, buildRecommendationIndex(corpus, hints));
  const indexOf = (language: string) => {
    let index = indexes.get(language);
    if (!index) {
      index = buildRecommendationIndex(blocksInLanguage(blocks, language), null, languageWords(language));
      indexes.set(language, index);
    }
    return index;
  };
  return {
    recommend: (emailBody, language, learned) => recommendBlocks(indexOf(language), emailBody, undefined, learned),
    prepare: (language) => void indexOf(language),
  };
}

export { recommendBlocks, buildRecommendationIndex };
