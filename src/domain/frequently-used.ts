/**
 * The "Frequently Used" group of the home screen (rules §2). The server ranks blocks by use
 * (`ACCOUNT_ROUTES.mostUsedBlocks`); this keeps its order, most used first, and applies
 * the same visibility rules as the main list: only blocks usable in the host's context, each once,
 * and only blocks the user can currently see (a block deleted or moved to another team since the
 * ranking was computed is dropped).
 */
import type { Block, SupportedContext } from './types';
import { supportsContext } from './block-context';

export interface FrequentlyUsedOptions {
  /** The host's context: blocks that do not support it are left out. */
  context: SupportedContext;
  /** `_id`s of the blocks the user can see now; when given, other blocks are left out. */
  visibleIds?: ReadonlySet<string>;
  /** At most this many blocks (the configured numMostFreqAutoResponses); no limit when absent. */
  limit?: number;
}

/** The blocks of the Frequently Used group, most used first. */
export function selectFrequentlyUsed<B extends Block>(mostUsed: readonly B[], options: FrequentlyUsedOptions): B[] {
  const seen = new Set<string>();
  const selected: B[] = [];
  for (const block of mostUsed) {
    if (options.limit !== undefined && selected.length >= options.limit) break;
    if (seen.has(block._id) || !supportsContext(block, options.context)) continue;
    if (options.visibleIds !== undefined && !options.visibleIds.has(block._id)) continue;
    seen.add(block._id);
    selected.push(block);
  }
  return selected;
}
