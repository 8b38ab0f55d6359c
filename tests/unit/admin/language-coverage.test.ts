import { describe, expect, it } from 'vitest';
import { countSentence, coverageOf, coverageRows, languageCounts } from '../../../src/admin/languages/language-coverage';

type Variant = { language: string; name: string; body: string; subjectLine: string | null; attachments: Array<{ name: string; url: string }>; examples: string[]; needsUpdate: boolean };

function makeVariant(language: string, needsUpdate = false): Variant {
  return { language, name: `${language} name`, body: `<p>${language}</p>`, subjectLine: null, attachments: [], examples: [], needsUpdate };
}

function makeBlock(name: string, variants: Variant[] = [], overrides: { deleted?: boolean; archived?: boolean } = {}) {
  return { name, variants, deleted: false, archived: false, ...overrides };
}

describe('language coverage', () => {
  const blocks = [
    makeBlock('Track My Ballot', [makeVariant('es', true), makeVariant('fr')]),
    makeBlock('recording fees', [makeVariant('es')]),
    makeBlock('Drop Boxes'),
    makeBlock('Gone', [], { deleted: true }),
    makeBlock('Old', [], { archived: true }),
  ];

  it('tells a missing version, one that needs an update and one up to date apart', () => {
    expect(coverageOf(blocks[0]!, 'es')).toBe('needs-update');
    expect(coverageOf(blocks[0]!, 'fr')).toBe('up-to-date');
    expect(coverageOf(blocks[2]!, 'es')).toBe('missing');
  });

  it('lists live blocks by name, and with the filter only those missing a language', () => {
    expect(coverageRows(blocks, ['es', 'fr'], false).map((block) => block.name)).toEqual(['Drop Boxes', 'recording fees', 'Track My Ballot']);
    expect(coverageRows(blocks, ['es', 'fr'], true).map((block) => block.name)).toEqual(['Drop Boxes', 'recording fees']);
    expect(coverageRows(blocks, ['es'], true).map((block) => block.name)).toEqual(['Drop Boxes']);
  });

  it('counts each language over the live blocks and says it in a sentence', () => {
    const counts = languageCounts(coverageRows(blocks, ['es', 'fr'], false), ['es', 'fr']);
    expect(counts).toEqual([
      { language: 'es', written: 2, needsUpdate: 1, blocks: 3 },
      { language: 'fr', written: 1, needsUpdate: 0, blocks: 3 },
    ]);
    expect(countSentence(counts[0]!)).toBe('Spanish: 2 of 3 blocks, 1 needs an update');
    expect(countSentence(counts[1]!)).toBe('French: 1 of 3 blocks');
    expect(countSentence({ language: 'es', written: 20, needsUpdate: 2, blocks: 61 })).toBe('Spanish: 20 of 61 blocks, 2 need an update');
    expect(countSentence({ language: 'de', written: 0, needsUpdate: 0, blocks: 1 })).toBe('German: 0 of 1 block');
  });
});
