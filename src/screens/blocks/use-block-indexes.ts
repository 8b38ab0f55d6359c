/**
 * The search and recommendation indexes of the blocks Home shows, built once per block list and
 * off the first paint: the list paints first (from the cache, at start), the indexes are built in
 * the next idle moment from one shared corpus. Until then the previous list's indexes serve, and a
 * search typed before any index exists builds its own at once.
 *
 * Recommendations are never needed for the first paint, so their code (the scorer, its email
 * reading and stemming) is a separate chunk, loaded with the first idle build; until it is there,
 * Home recommends nothing, as it does before any index exists. With `hints`
 * (`use-meaning-hints.ts`), recommendations count what email words mean; the recommendation index
 * alone is rebuilt when they arrive.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Block } from '../../api/contract/block';
import { buildBlockCorpus, type BlockCorpus } from '../../domain/block-corpus';
import { buildBlockSearchIndex, type BlockSearchIndex } from '../../domain/block-search';
import type { Recommendation, RecommendationHints } from '../../domain/recommend-blocks';

interface Indexes {
  blocks: readonly Block[];
  corpus: BlockCorpus<Block>;
  search: BlockSearchIndex<Block>;
}

/**
 * Recommends blocks for an email's plain text in its language (`recommend-languages.ts`), with what
 * the teams learned; each block as it reads in that language.
 */
export type Recommender = (emailBody: string, language: string, learned?: ReadonlyMap<string, number>) => Recommendation<Block>[];

interface BuiltRecommender {
  blocks: readonly Block[];
  hints: RecommendationHints | null;
  languages: string;
  recommend: Recommender;
}

/**
 * Search finds a block by the words of any of its variants: when some block has one, search reads
 * each block with its variants' names and bodies added to its body; recommendations read each
 * language apart, so they keep the corpus of the blocks' own text.
 */
function buildIndexes(blocks: readonly Block[]): Indexes {
  const corpus = buildBlockCorpus(blocks);
  const withVariants = blocks.some((block) => block.variants?.length);
  const searchCorpus = withVariants ? buildBlockCorpus(blocks, { variants: true }) : corpus;
  return { blocks, corpus, search: buildBlockSearchIndex(searchCorpus) };
}

type Idle = (callback: () => void) => () => void;

const whenIdle: Idle = (callback) => {
  const scope = globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (handle: number) => void };
  if (scope.requestIdleCallback && scope.cancelIdleCallback) {
    const handle = scope.requestIdleCallback(callback, { timeout: 200 });
    return () => scope.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
};

export interface BlockIndexes {
  /** Recommends for an email, null until the first recommendation index is built. */
  recommend: Recommender | null;
  /** The search index of `blocks`, built now if the idle build has not happened yet. */
  searchIndex: () => BlockSearchIndex<Block>;
}

export interface BlockIndexOptions {
  /** The account's hints for recommendations (`use-meaning-hints.ts`); null: shared words only. */
  hints?: RecommendationHints | null;
  /** False where only search is needed: no recommendation index is loaded or built. */
  recommend?: boolean;
  /** The account's languages other than the default whose indexes are built ahead, in idle time. */
  languages?: readonly string[];
}

export function useBlockIndexes(blocks: readonly Block[], options: BlockIndexOptions = {}): BlockIndexes {
  const hints = options.hints ?? null;
  const wanted = options.recommend ?? true;
  const languages = (options.languages ?? []).join(',');
  const [built, setBuilt] = useState<Indexes | null>(null);
  const [recommender, setRecommender] = useState<BuiltRecommender | null>(null);
  const latest = useRef<Indexes | null>(null);
  latest.current = built;
  const latestRecommender = useRef<BuiltRecommender | null>(null);
  latestRecommender.current = recommender;

  useEffect(() => {
    if (latest.current?.blocks === blocks) return;
    return whenIdle(() => setBuilt(buildIndexes(blocks)));
  }, [blocks]);

  useEffect(() => {
    if (!wanted || !built || built.blocks !== blocks) return;
    const current = latestRecommender.current;
    if (current?.blocks === blocks && current.hints === hints && current.languages === languages) return;
    let cancel: (() => void) | null = null;
    let stopped = false;
    void import('../../domain/recommend-languages').then(({ buildLanguageRecommender }) => {
      if (stopped) return;
      cancel = whenIdle(() => {
        const recommender = buildLanguageRecommender(built.blocks, built.corpus, hints);
        setRecommender({ blocks, hints, languages, recommend: (emailBody, language, learned) => recommender.recommend(emailBody, language, learned) });
        // Each other language's index in its own idle moment: none delays the first recommendations.
        const ahead = languages ? languages.split(',') : [];
        const next = () => {
          const language = ahead.shift();
          if (language === undefined || stopped) return;
          cancel = whenIdle(() => {
            recommender.prepare(language);
            next();
          });
        };
        next();
      });
    });
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [wanted, built, blocks, hints, languages]);

  const searchIndex = useCallback(() => {
    if (latest.current?.blocks === blocks) return latest.current.search;
    const now = buildIndexes(blocks);
    latest.current = now;
    return now.search;
  }, [blocks]);

  return { recommend: recommender?.recommend ?? null, searchIndex };
}
