/**
 * How far a team's blocks are written in each of the account's other languages: per block and
 * language, whether its version is missing, needs an update (the English text changed after the
 * version was saved) or is up to date; and per language, how many live blocks have one.
 */
import type { AdminBlock } from '../../api/contract/admin';
import { languageName } from '../../domain/languages';

export type Coverage = 'missing' | 'needs-update' | 'up-to-date';

export const COVERAGE_LABELS: Record<Coverage, string> = {
  missing: 'Missing',
  'needs-update': 'Needs update',
  'up-to-date': 'Up to date',
};

type CoveredBlock = Pick<AdminBlock, 'variants'>;

export function coverageOf(block: CoveredBlock, language: string): Coverage {
  const variant = block.variants.find((candidate) => candidate.language === language);
  if (!variant) return 'missing';
  return variant.needsUpdate ? 'needs-update' : 'up-to-date';
}

export interface LanguageCount {
  language: string;
  /** Blocks with a version in the language, up to date or not. */
  written: number;
  needsUpdate: number;
  blocks: number;
}

export function languageCounts(blocks: readonly CoveredBlock[], languages: readonly string[]): LanguageCount[] {
  return languages.map((language) => {
    const states = blocks.map((block) => coverageOf(block, language));
    return {
      language,
      written: states.filter((state) => state !== 'missing').length,
      needsUpdate: states.filter((state) => state === 'needs-update').length,
      blocks: blocks.length,
    };
  });
}

/** "Spanish: 20 of 61 blocks, 2 need an update". */
export function countSentence(count: LanguageCount): string {
  const of = `${languageName(count.language)}: ${count.written} of ${count.blocks} ${count.blocks === 1 ? 'block' : 'blocks'}`;
  if (count.needsUpdate === 0) return of;
  return `${of}, ${count.needsUpdate} ${count.needsUpdate === 1 ? 'needs' : 'need'} an update`;
}

/** The team's live blocks (neither deleted nor archived) by name; with `onlyMissing`, those lacking one of `languages`. */
export function coverageRows<B extends Pick<AdminBlock, 'name' | 'deleted' | 'archived' | 'variants'>>(blocks: readonly B[], languages: readonly string[], onlyMissing: boolean): B[] {
  return blocks
    .filter((block) => !block.deleted && !block.archived)
    .filter((block) => !onlyMissing || languages.some((language) => coverageOf(block, language) === 'missing'))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
