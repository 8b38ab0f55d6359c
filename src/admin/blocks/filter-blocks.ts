import type { AdminBlock } from '../../api/contract/admin';
import type { SupportedContext } from '../../api/contract/common';
import { foldText } from '../../domain/fold-text';
import { htmlToText } from '../../domain/html-to-text';

export interface AdminBlockFilters {
  /** Words that must all appear in the name or the body's text, ignoring case and accents. */
  text: string;
  category: string | null;
  context: SupportedContext | null;
  showDeleted: boolean;
}

/** The blocks the filters let through, sorted by name (case-insensitively), deleted ones last. */
export function filterAdminBlocks(blocks: readonly AdminBlock[], filters: AdminBlockFilters): AdminBlock[] {
  const words = foldText(filters.text).split(/\s+/).filter(Boolean);
  return blocks
    .filter((block) => filters.showDeleted || !block.deleted)
    .filter((block) => filters.category === null || block.categories.includes(filters.category))
    .filter((block) => filters.context === null || block.supportedContexts.includes(filters.context))
    .filter((block) => {
      if (words.length === 0) return true;
      const haystack = foldText(`${block.name} ${htmlToText(block.body)}`);
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => Number(a.deleted) - Number(b.deleted) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
