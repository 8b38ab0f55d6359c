/**
 * The search and recommendation indexes of the blocks Home shows, built once per block list and
 * off the first paint: the list paints first (from the cache, at start), the indexes are built in
 * the next idle moment from one shared corpus. Until then the previous list's indexes serve, and a
 * search typed before any index exists builds its own at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Block } from '../../api/contract/block';
import { buildBlockCorpus } from '../../domain/block-corpus';
import { buildBlockSearchIndex, type BlockSearchIndex } from '../../domain/block-search';
import { buildRecommendationIndex, type RecommendationIndex } from '../../domain/recommend-blocks';

interface Indexes {
  blocks: readonly Block[];
  search: BlockSearchIndex<Block>;
  recommend: RecommendationIndex<Block>;
}

function buildIndexes(blocks: readonly Block[]): Indexes {
  const corpus = buildBlockCorpus(blocks);
  return { blocks, search: buildBlockSearchIndex(corpus), recommend: buildRecommendationIndex(corpus) };
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
  /** The recommendation index, null until the first one is built. */
  recommend: RecommendationIndex<Block> | null;
  /** The search index of `blocks`, built now if the idle build has not happened yet. */
  searchIndex: () => BlockSearchIndex<Block>;
}

export function useBlockIndexes(blocks: readonly Block[]): BlockIndexes {
  const [built, setBuilt] = useState<Indexes | null>(null);
  const latest = useRef<Indexes | null>(null);
  latest.current = built;

  useEffect(() => {
    if (latest.current?.blocks === blocks) return;
    return whenIdle(() => setBuilt(buildIndexes(blocks)));
  }, [blocks]);

  const searchIndex = useCallback(() => {
    if (latest.current?.blocks === blocks) return latest.current.search;
    const now = buildIndexes(blocks);
    latest.current = now;
    return now.search;
  }, [blocks]);

  return { recommend: built?.recommend ?? null, searchIndex };
}
