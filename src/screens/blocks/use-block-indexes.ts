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

/** Recommends blocks for an email's plain text (`recommendBlocks` over the current index), with what the teams learned. */
export type Recommender = (emailBody: string, learned?: ReadonlyMap<string, number>) => Recommendation<Block>[];

interface BuiltRecommender {
  blocks: readonly Block[];
  hints: RecommendationHints | null;
  recommend: Recommender;
}

function buildIndexes(blocks: readonly Block[]): Indexes {
  const corpus = buildBlockCorpus(blocks);
  return { blocks, corpus, search: buildBlockSearchIndex(corpus) };
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
}

export function useBlockIndexes(blocks: readonly Block[], options: BlockIndexOptions = {}): BlockIndexes {
  const hints = options.hints ?? null;
  const wanted = options.recommend ?? true;
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
    if (latestRecommender.current?.blocks === blocks && latestRecommender.current.hints === hints) return;
    let cancel: (() => void) | null = null;
    let stopped = false;
    void import('../../domain/recommend-blocks').then(({ buildRecommendationIndex, recommendBlocks }) => {
      if (stopped) return;
      cancel = whenIdle(() => {
        const index = buildRecommendationIndex(built.corpus, hints);
        setRecommender({ blocks, hints, recommend: (emailBody, learned) => recommendBlocks(index, emailBody, undefined, learned) });
      });
    });
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [wanted, built, blocks, hints]);

  const searchIndex = useCallback(() => {
    if (latest.current?.blocks === blocks) return latest.current.search;
    const now = buildIndexes(blocks);
    latest.current = now;
    return now.search;
  }, [blocks]);

  return { recommend: recommender?.recommend ?? null, searchIndex };
}
