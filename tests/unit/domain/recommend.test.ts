// Recommendations (spec §9): splitting the email, similarity words, the score, the index.
import { describe, expect, it, beforeEach } from 'vitest';
import { removeHeaderLines, splitEmailAtQuotedFrom } from '../../../src/domain/email-parts';
import { buildRecommendationIndex, MAX_RECOMMENDATIONS, recommendBlocks } from '../../../src/domain/recommend-blocks';
import { buildBlockCorpus } from '../../../src/domain/block-corpus';
import { isSimilarityWord, similarityWords } from '../../../src/domain/similarity-words';
import { recommendationScore, wordOverlapSimilarity } from '../../../src/domain/recommendation-score';
import type { Block } from '../../../src/domain/types';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';

beforeEach(() => resetFactoryIds());

describe('splitEmailAtQuotedFrom', () => {
  it('splits at the first "From:" line', () => {
    const body = 'When is the deadline?\n\nFrom: Clerk <clerk@example.gov>\nSent: Monday\n\nEarlier text\nFrom: Someone else\nOlder';
    const { main, quoted } = splitEmailAtQuotedFrom(body);
    expect(main).toBe('When is the deadline?\n\n');
    expect(quoted.startsWith('From: Clerk')).toBe(true);
    expect(quoted).toContain('From: Someone else');
  });

  it('recognises quote markers and indentation, in any case', () => {
    expect(splitEmailAtQuotedFrom('Hi\n> > FROM: a@b.c\n> text').main).toBe('Hi\n');
    expect(splitEmailAtQuotedFrom('Hi\n   from: a@b.c').quoted).toBe('   from: a@b.c');
  });

  it('keeps the whole body as the main part without a quoted part', () => {
    expect(splitEmailAtQuotedFrom('Question about my ballot. I am from: nowhere')).toEqual({
      main: 'Question about my ballot. I am from: nowhere',
      quoted: '',
    });
    expect(splitEmailAtQuotedFrom('')).toEqual({ main: '', quoted: '' });
  });
});

describe('removeHeaderLines', () => {
  it('removes header lines and reply separators, keeping the rest', () => {
    const text = [
      'From: County Clerk <clerk@example.gov>',
      'Sent: Monday, March 3, 2025 10:15 AM',
      'To: resident@example.com',
      'Cc: team@example.gov',
      'Subject: RE: Ballot',
      'Date: 3/3/2025',
      '-----Original Message-----',
      'On Mon, Mar 3, 2025 at 10:15 AM Jane Doe <jane@example.com> wrote:',
      '> Subject: nested',
      'Your ballot was mailed.',
    ].join('\n');
    expect(removeHeaderLines(text).trim()).toBe('Your ballot was mailed.');
  });

  it('keeps prose that merely contains a header word', () => {
    expect(removeHeaderLines('I got a letter from the office.\nTo be clear: thanks')).toBe('I got a letter from the office.\nTo be clear: thanks');
  });
});


function recommend(blocks: Block[], email: string) {
  return recommendBlocks(buildRecommendationIndex(blocks), email);
}

describe('similarity words', () => {
  it('ignores stop words, single characters and numbers, and folds case and accents', () => {
    expect([...similarityWords('The Ballot and THE ballots, a 2024 form 3 for Cédula!')]).toEqual(['ballot', 'ballots', 'form', 'cedula']);
    expect(isSimilarityWord('2024')).toBe(false);
    expect(isSimilarityWord('dd214')).toBe(true);
  });
});

describe('recommendation score', () => {
  it('is the cosine of the word sets plus half the quoted part', () => {
    expect(wordOverlapSimilarity(2, 4, 4)).toBe(0.5);
    expect(wordOverlapSimilarity(0, 4, 4)).toBe(0);
    expect(wordOverlapSimilarity(1, 0, 4)).toBe(0);
    expect(recommendationScore({ sharedMain: 2, mainSize: 4, sharedQuoted: 1, quotedSize: 1, blockSize: 4 })).toBe(0.5 + 0.5 * 0.5);
  });
});

describe('recommendBlocks', () => {
  const ballot = (): Block => makeBlock({ name: 'Mail ballot', body: '<p>Your mail ballot was sent. Track the ballot online.</p>' });
  const deed = (): Block => makeBlock({ name: 'Deed recording', body: '<p>Recording a deed needs a notarized signature.</p>' });
  const marriage = (): Block => makeBlock({ name: 'Marriage license', body: '<p>Both parties apply in person for a marriage license.</p>' });

  it('scores the main part fully and the quoted part at half weight', () => {
    const blocks = [ballot(), deed()];
    const email = 'Where is my mail ballot?\n\nFrom: Clerk <clerk@example.gov>\nSubject: Deed\n\nRecording a deed needs a notarized signature.';
    const result = recommend(blocks, email);
    expect(result.map((r) => r.block.name)).toEqual(['Mail ballot', 'Deed recording']);
    // main {mail, ballot} vs ballot block {mail, ballot, sent, track, online}: 2 / sqrt(2 * 5)
    expect(result[0]?.score).toBeCloseTo(2 / Math.sqrt(10));
    // quoted {recording, deed, needs, notarized, signature} equals the deed block: 0.5 * 1
    expect(result[1]?.score).toBeCloseTo(0.5);
  });

  it('uses the whole body as the main part when nothing is quoted', () => {
    const result = recommend([ballot(), deed()], 'I need my deed recorded with a notarized signature');
    expect(result.map((r) => r.block.name)).toEqual(['Deed recording']);
    expect(result[0]?.score).toBeCloseTo(wordOverlapSimilarity(3, 5, 5));
  });

  it('ignores header lines of the quoted part', () => {
    const email = 'Thanks\n\nFrom: Mail Ballot Team <ballot@example.gov>\nSubject: Mail ballot\nTo: me\n\nPlease call us.';
    expect(recommend([ballot()], email)).toEqual([]);
  });

  it('recommends nothing for an empty email, only stop words, or no shared word', () => {
    expect(recommend([ballot()], '')).toEqual([]);
    expect(recommend([ballot()], 'the and of to a in it is')).toEqual([]);
    expect(recommend([ballot()], 'zebra giraffe 12345')).toEqual([]);
    expect(recommend([], 'mail ballot')).toEqual([]);
  });

  it('returns at most 5, best first, ties by name then input order', () => {
    const blocks = Array.from({ length: 8 }, (_, i) =>
      makeBlock({ name: `Ballot ${8 - i}`, body: i < 2 ? '<p>ballot ballot</p>' : '<p>ballot status</p>' }),
    );
    const result = recommend(blocks, 'ballot');
    expect(result).toHaveLength(MAX_RECOMMENDATIONS);
    expect(result.map((r) => r.block.name)).toEqual(['Ballot 7', 'Ballot 8', 'Ballot 1', 'Ballot 2', 'Ballot 3']);
    const half = 1 / Math.sqrt(2); // {ballot} against {ballot, status}
    expect(result.map((r) => r.score)).toEqual([1, 1, half, half, half]);
  });

  it('accepts a smaller limit, handles non-ASCII text and HTML entities', () => {
    const blocks = [
      makeBlock({ name: 'Cédula', body: '<p>Solicitud de c&eacute;dula en la oficina</p>' }),
      makeBlock({ name: 'Other', body: '<p>Oficina central</p>' }),
    ];
    const result = recommendBlocks(buildRecommendationIndex(buildBlockCorpus(blocks)), '¿Dónde pido mi CÉDULA?', 1);
    expect(result.map((r) => r.block.name)).toEqual(['Cédula']);
  });

  it('indexes a block listed twice once', () => {
    const block = ballot();
    expect(recommend([block, block], 'mail ballot')).toHaveLength(1);
  });

  it('gives the same result as scoring every block directly', () => {
    const blocks = [ballot(), deed(), marriage(), makeBlock({ name: 'Mixed', body: '<p>ballot deed license</p>' })];
    const email = 'Can I get a marriage license and my ballot?\n> From: x\n> Recording a deed';
    const index = buildRecommendationIndex(blocks);
    const { main, quoted } = { main: 'Can I get a marriage license and my ballot?\n', quoted: '> Recording a deed' };
    const mainWords = similarityWords(main);
    const quotedWords = similarityWords(quoted);
    const direct = blocks
      .map((block) => {
        const words = similarityWords(block.body.replace(/<[^>]+>/g, ' '));
        const shared = (set: Set<string>): number => [...set].filter((w) => words.has(w)).length;
        return {
          name: block.name,
          score: recommendationScore({
            sharedMain: shared(mainWords),
            mainSize: mainWords.size,
            sharedQuoted: shared(quotedWords),
            quotedSize: quotedWords.size,
            blockSize: words.size,
          }),
        };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score);
    expect(recommendBlocks(index, email).map((r) => ({ name: r.block.name, score: r.score }))).toEqual(direct);
  });
});
