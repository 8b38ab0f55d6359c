/**
 * Blocks of inline content with a space at one edge, on the e2e server only, in the line samples'
 * team (line-blocks.ts): the editor matrix inserts them next to "world" of "Hello there, world",
 * where the space must survive ("Hello there, link world"). Offered in every context.
 */
import type { Db } from '../../../server/db/database';
import { insertSampleBlocks } from './line-blocks';

export interface SpacedBlock {
  name: string;
  html: string;
}

export const SPACED_BLOCKS = {
  /** Ends with a space: inserted before "world", the text reads "link world". */
  trailing: { name: 'Trailing Space Sample', html: '<strong>link</strong> ' },
  /** Starts with a space: inserted after "there,", the text reads "there, link world". */
  leading: { name: 'Leading Space Sample', html: ' <strong>link</strong>' },
} as const satisfies Record<string, SpacedBlock>;

/** Adds the blocks to the line samples' team, which `seedLineBlocks` creates first. */
export function seedSpacedBlocks(db: Db): Promise<number> {
  return insertSampleBlocks(db, Object.values(SPACED_BLOCKS));
}
