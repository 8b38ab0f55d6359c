// @vitest-environment node
// Recommendations beyond shared words: the account's synonyms and WordNet's related words as hints.
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRecommendationIndex, rankBlocks, recommendBlocks } from '../../../src/domain/recommend-blocks';
import { meaningHints, prepareHints, phraseTerms, SYNONYM_WEIGHT, type MeaningHints } from '../../../src/domain/meaning-hints';
import { termOf } from '../../../src/domain/similarity-words';
import type { Block } from '../../../src/domain/types';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';

beforeEach(() => resetFactoryIds());

const NONE: MeaningHints = { synonyms: [], related: {} };
const names = (recommendations: ReadonlyArray<{ block: Block }>) => recommendations.map((r) => r.block.name);

function library(): Block[] {
  return [
    makeBlock({ name: 'Mail Ballot Not Received', body: '<p>If your mail ballot has not arrived, we can send a replacement mail ballot.</p>' }),
    makeBlock({ name: 'Certified Copy of a Deed', body: '<p>Order a certified copy of a recorded deed online or at the counter.</p>' }),
    makeBlock({ name: 'Marriage License Requirements', body: '<p>Both parties must appear in person with photo identification for a marriage license.</p>' }),
    makeBlock({ name: 'Holiday Closure', body: '<p>The office is closed on county holidays.</p>' }),
  ];
}

describe('the account’s synonyms', () => {
  const hints: MeaningHints = { synonyms: [{ phrase: 'absentee', means: 'mail ballot' }, { phrase: 'deed copy', means: 'certified copy' }], related: {} };

  it('recommend the block a synonym points at, naming the email’s own word, where shared words found nothing', () => {
    const email = 'My absentee never showed up in the post, what do I do?';
    expect(recommendBlocks(buildRecommendationIndex(library()), email)).toEqual([]);
    // An admin said what "absentee" means: that word alone recommends (recommendation-strength.ts).
    const [first, ...rest] = recommendBlocks(buildRecommendationIndex(library(), meaningHints(hints)), email);
    expect(first?.block.name).toBe('Mail Ballot Not Received');
    expect(first?.matched).toEqual(['absentee']);
    expect(rest).toEqual([]);
  });

  it('match a phrase word by word on stems, stop words included, and name the phrase as written', () => {
    const prepared = prepareHints({ synonyms: [{ phrase: 'doing business as', means: 'certified copy' }], related: {} }, new Map([[termOf('certified'), 0], [termOf('copy'), 1]]));
    expect(phraseTerms(prepared, 'We are Doing Business As Alder Bakery')).toEqual([
      { term: 0, weight: SYNONYM_WEIGHT, word: 'doing business as' },
      { term: 1, weight: SYNONYM_WEIGHT, word: 'doing business as' },
    ]);
    expect(phraseTerms(prepared, 'doing business with you')).toEqual([]);
    const index = buildRecommendationIndex(library(), meaningHints(hints));
    expect(names(recommendBlocks(index, 'I need two deed copies for the bank'))[0]).toBe('Certified Copy of a Deed');
  });

  it('count less than the office’s own words in the same email', () => {
    // Two blocks alike but for one word: the email uses one's word, and a synonym of the other's.
    const blocks = [makeBlock({ name: 'Marriage form', body: '<p>The marriage form.</p>' }), makeBlock({ name: 'Deed form', body: '<p>The deed form.</p>' })];
    const index = buildRecommendationIndex(blocks, meaningHints({ synonyms: [{ phrase: 'nuptials', means: 'marriage' }], related: {} }));
    const [first, second] = rankBlocks(index, 'nuptials deed');
    expect([first?.block.name, second?.block.name]).toEqual(['Deed form', 'Marriage form']);
    expect(second!.score / first!.score).toBeCloseTo(SYNONYM_WEIGHT, 5);
    expect(second!.matched).toEqual(['nuptials']);
  });

  it('lead nowhere when what they mean is not a word of the blocks, and change nothing without hints', () => {
    const email = 'Where do I get a replacement mail ballot?';
    const blocks = library();
    const plain = recommendBlocks(buildRecommendationIndex(blocks), email);
    expect(recommendBlocks(buildRecommendationIndex(blocks, meaningHints(NONE)), email)).toEqual(plain);
    const stray = meaningHints({ synonyms: [{ phrase: 'absentee', means: 'passport renewal' }], related: {} });
    expect(recommendBlocks(buildRecommendationIndex(library(), stray), 'my absentee never came')).toEqual([]);
  });
});

describe('related words (WordNet, from the server)', () => {
  const related: MeaningHints = { synonyms: [], related: { [termOf('wedding')]: [[termOf('marriage'), 0.5]], [termOf('holiday')]: [[termOf('marriage'), 0.5]] } };

  it('count an email word the blocks do not use for the block words it is related to, discounted, and name it', () => {
    const index = buildRecommendationIndex(library(), meaningHints(related));
    const [first] = recommendBlocks(index, 'What do we need to bring for our wedding license?');
    expect(first?.block.name).toBe('Marriage License Requirements');
    expect(first?.matched).toContain('wedding');
  });

  it('count at the weight the server gave, below the blocks’ own words in the same email', () => {
    const blocks = [makeBlock({ name: 'Marriage form', body: '<p>The marriage form.</p>' }), makeBlock({ name: 'Deed form', body: '<p>The deed form.</p>' })];
    const [first, second] = rankBlocks(buildRecommendationIndex(blocks, meaningHints(related)), 'wedding deed');
    expect([first?.block.name, second?.block.name]).toEqual(['Deed form', 'Marriage form']);
    expect(second!.score / first!.score).toBeCloseTo(0.5, 5);
  });

  it('never replace a word the blocks use themselves', () => {
    // "holiday" is a word of Holiday Closure: the hint that maps it elsewhere is ignored.
    const index = buildRecommendationIndex(library(), meaningHints(related));
    expect(names(recommendBlocks(index, 'Are you open on the holiday?'))).toEqual(['Holiday Closure']);
  });

  it('come before a typo match: a real word the blocks lack is read as what it means', () => {
    // "carriage" is one letter from "marriage"; as a word of its own it maps to nothing here.
    const typo = rankBlocks(buildRecommendationIndex(library()), 'marriagee license');
    expect(names(typo)[0]).toBe('Marriage License Requirements');
    const hinted = meaningHints({ synonyms: [], related: { [termOf('carriage')]: [[termOf('deed'), 0.5]] } });
    expect(names(rankBlocks(buildRecommendationIndex(library(), hinted), 'carriage question'))[0]).toBe('Certified Copy of a Deed');
  });
});
