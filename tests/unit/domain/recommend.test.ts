// Recommendations (rules §9): similarity words and terms, the BM25 score, the index.
import { describe, expect, it, beforeEach } from 'vitest';
import { buildRecommendationIndex, isOneEditApart, MAX_RECOMMENDATIONS, rankBlocks, recommendBlocks } from '../../../src/domain/recommend-blocks';
import { buildBlockCorpus } from '../../../src/domain/block-corpus';
import { isSimilarityWord, similarityWords, termOf, textSimilarityWords } from '../../../src/domain/similarity-words';
import { maxTermImpact, recommendationScore, termImpact, termRarity } from '../../../src/domain/recommendation-score';
import type { Block } from '../../../src/domain/types';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';
import { generateBlocks, generateEmails } from '../../../bench/corpus';
import { buildBlockSearchIndex, searchBlocks } from '../../../src/domain/block-search';
import { prepareBaselineBlocks, recommendBlocksBaseline } from '../../../bench/baseline-recommend';

beforeEach(() => resetFactoryIds());

function recommend(blocks: Block[], email: string) {
  return recommendBlocks(buildRecommendationIndex(blocks), email);
}
const names = (recommendations: ReadonlyArray<{ block: Block }>) => recommendations.map((r) => r.block.name);

describe('similarity words and terms', () => {
  it('ignores stop words, single characters and numbers, and folds case and accents', () => {
    expect([...similarityWords('The Ballot and THE ballots, a 2024 form 3 for Cédula!')]).toEqual(['ballot', 'ballots', 'form', 'cedula']);
    expect(isSimilarityWord('2024')).toBe(false);
    expect(isSimilarityWord('dd214')).toBe(true);
    // Function words the package's list lacks.
    for (const word of ['not', 'no', 'will', 'when', 'yet']) expect(isSimilarityWord(word), word).toBe(false);
  });

  it("ignores an email's small talk, so a block is never recommended for it", () => {
    for (const word of ['know', 'whether', 'please', 'thanks', 'hello', 'wondering']) expect(isSimilarityWord(word), word).toBe(false);
    const chatty = makeBlock({ name: 'Office Etiquette', body: '<p>Please let us know whether you are wondering. Thanks, hello!</p>' });
    expect(recommend([chatty], 'Hello, I would like to know whether my deed was recorded. Please let me know, thanks!')).toEqual([]);
  });

  it('stems plural and verb forms to one term', () => {
    expect(termOf('ballots')).toBe(termOf('ballot'));
    expect(termOf('recorded')).toBe(termOf('recording'));
    expect(termOf('deeds')).toBe(termOf('deed'));
    expect(termOf('ballot')).not.toBe(termOf('deed'));
  });

  it('keeps the surface form of each word, lower-cased, accents included', () => {
    expect(textSimilarityWords('Mi CÉDULA, the Ballots')).toEqual([
      { folded: 'mi', surface: 'mi' },
      { folded: 'cedula', surface: 'cédula' },
      { folded: 'ballots', surface: 'ballots' },
    ]);
  });

  it('knows one edit from two', () => {
    expect(isOneEditApart('ballto', 'ballot')).toBe(true); // swapped
    expect(isOneEditApart('balot', 'ballot')).toBe(true); // missing
    expect(isOneEditApart('licence', 'license')).toBe(true); // replaced
    expect(isOneEditApart('ballots', 'ballot')).toBe(true); // extra
    expect(isOneEditApart('xballot', 'ballotx')).toBe(false);
    expect(isOneEditApart('ballot', 'ballot')).toBe(false);
    expect(isOneEditApart('bailout', 'ballot')).toBe(false);
  });
});

describe('recommendation score', () => {
  it('weighs rare terms more, saturates repeats, and normalises each part to at most 1', () => {
    expect(termRarity(1, 50)).toBeGreaterThan(termRarity(40, 50));
    expect(termRarity(50, 50)).toBeGreaterThan(0);
    const r = termRarity(1, 50);
    expect(termImpact(r, 2, 10, 10)).toBeGreaterThan(termImpact(r, 1, 10, 10));
    expect(termImpact(r, 2, 10, 10)).toBeLessThan(2 * termImpact(r, 1, 10, 10));
    expect(termImpact(r, 1, 40, 10)).toBeLessThan(termImpact(r, 1, 10, 10)); // long blocks are not favoured
    expect(termImpact(r, 1000, 10, 10)).toBeLessThan(maxTermImpact(r));
    expect(recommendationScore(1, 4, 2, 4)).toBe(0.25 + 0.5 * 0.5);
    expect(recommendationScore(1, 4, 0, 0)).toBe(0.25);
  });
});

describe('example questions', () => {
  const replacement = () =>
    makeBlock({ name: 'Request a Replacement Ballot', body: '<p>We will mail you a new ballot.</p>', examples: ['my absentee thing never showed up', 'the dog chewed my voting packet'] });
  const drop = () => makeBlock({ name: 'Ballot Drop Box Locations', body: '<p>Drop boxes are at every library.</p>' });

  it('recommends a block for an email in the words of its example questions, which its name and body do not use', () => {
    const blocks = [replacement(), drop()];
    expect(names(recommend(blocks, 'Hi, the voting packet never showed up at our house.'))).toEqual(['Request a Replacement Ballot']);
    // Without them, nothing in the block speaks of a packet that never showed up.
    expect(names(recommend(blocks.map((block) => ({ ...block, examples: [] })), 'Hi, the voting packet never showed up at our house.'))).toEqual([]);
  });

  it('names the words an example question matched, as it does for the body', () => {
    const [first] = recommend([replacement(), drop()], 'my absentee packet never showed up');
    expect(first?.matched).toEqual(expect.arrayContaining(['absentee', 'packet']));
  });

  it('names a calendar word after the words that tell, however much it scored', () => {
    const pickup = makeBlock({ name: 'Tuesday Pickup', body: '<p>Tuesday, every Tuesday: pick up a replacement ballot on Tuesday.</p>' });
    const [first] = rankBlocks(buildRecommendationIndex([pickup, drop()]), 'A replacement on Tuesday?');
    expect(first?.block.name).toBe('Tuesday Pickup');
    expect(first?.matched).toEqual(['replacement', 'tuesday']);
  });

  it('is not searched: search finds blocks by their name and content only', () => {
    const index = buildBlockSearchIndex([replacement(), drop()]);
    expect(searchBlocks(index, 'chewed').map((hit) => hit.block.name)).toEqual([]);
    expect(searchBlocks(index, 'mail you a new ballot').map((hit) => hit.block.name)).toEqual(['Request a Replacement Ballot']);
  });
});

describe('recommendBlocks', () => {
  const ballot = (): Block => makeBlock({ name: 'Mail ballot', body: '<p>Your mail ballot was sent. Track the ballot online.</p>' });
  const deed = (): Block => makeBlock({ name: 'Deed recording', body: '<p>Recording a deed needs a notarized signature.</p>' });
  const marriage = (): Block => makeBlock({ name: 'Marriage license', body: '<p>Both parties apply in person for a marriage license.</p>' });

  it('scores the main part fully and the quoted part at half weight', () => {
    const blocks = [ballot(), deed(), marriage()];
    const main = 'Where is my mail ballot?';
    const thread = 'From: Clerk <clerk@example.gov>\nSubject: Deed\n\nRecording a deed needs a notarized signature.';
    // The ranking: the score is what this test is about (the deed block is too weak to be shown).
    const both = rankBlocks(buildRecommendationIndex(blocks), `${main}\n\n${thread}`);
    expect(names(both)).toEqual(['Mail ballot', 'Deed recording']);
    // The quoted part alone is a perfect match for the deed block, and counts half.
    const quotedOnly = recommend(blocks, `\n${thread}`);
    const mainOnly = recommend(blocks, main);
    expect(both[0]?.score).toBeCloseTo(mainOnly[0]!.score);
    expect(both[1]?.score).toBeCloseTo(quotedOnly[0]!.score);
    expect(quotedOnly[0]?.score).toBeLessThanOrEqual(0.5);
    expect(mainOnly[0]?.score).toBeGreaterThan(0.5);
  });

  it('lets a rare topic word beat common office words', () => {
    const common = '<p>The office counter hours are posted at the office.</p>';
    const blocks = [
      makeBlock({ name: 'Office hours', body: '<p>The office counter is open; office hours are 8 to 5 at the office counter.</p>' }),
      makeBlock({ name: 'Apostilles', body: '<p>Bring the document; we send it to the state.</p>' }),
      ...['Holidays', 'Parking', 'Phones', 'Visitors'].map((name) => makeBlock({ name, body: common })),
    ];
    const result = recommend(blocks, 'I need an apostille. What are your office counter hours?');
    expect(names(result)[0]).toBe('Apostilles');
    expect(result[0]?.matched).toEqual(['apostille']);
  });

  it('matches plural and verb forms through stems', () => {
    const result = recommend([ballot(), deed()], 'I recorded two deeds last week');
    expect(names(result)).toEqual(['Deed recording']);
    expect(result[0]?.matched).toEqual(expect.arrayContaining(['recorded', 'deeds']));
  });

  it('counts the block name', () => {
    const blocks = [
      makeBlock({ name: 'Apostille', body: '<p>Bring the document to the counter.</p>' }),
      makeBlock({ name: 'Counter', body: '<p>Bring the document to the counter.</p>' }),
    ];
    expect(names(recommend(blocks, 'apostille please'))).toEqual(['Apostille']);
    // Same bodies: the name decides the order (of the ranking: Counter is too weak to be shown).
    expect(names(rankBlocks(buildRecommendationIndex(blocks), 'document apostille counter'))).toEqual(['Apostille', 'Counter']);
    expect(names(recommend(blocks, 'document counter'))).toEqual(['Counter', 'Apostille']);
  });

  it('reads a word one typo away from a block word as that word', () => {
    const blocks = [ballot(), marriage()];
    // Ranked as that word; alone, a typo is a guess too weak to recommend (recommendation-strength.ts).
    expect(names(rankBlocks(buildRecommendationIndex(blocks), 'wheres my ballto'))).toEqual(['Mail ballot']);
    expect(recommend(blocks, 'wheres my ballto')).toEqual([]);
    expect(names(recommend(blocks, 'wheres my mail ballto'))).toEqual(['Mail ballot']);
    const licence = rankBlocks(buildRecommendationIndex(blocks), 'How do I get a licence?');
    expect(names(licence)).toEqual(['Marriage license']);
    expect(licence[0]?.matched).toEqual(['licence']);
    // Short words must match exactly or by stem.
    expect(recommend(blocks, 'mal')).toEqual([]);
  });

  it('reports the matched words, as written, most telling first, at most 3', () => {
    const blocks = [
      makeBlock({ name: 'Ballot tracking', body: '<p>Track your mail ballot with Ballot Tracker, or call the county office.</p>' }),
      makeBlock({ name: 'County office', body: '<p>The county office is on Main Street in the county seat.</p>' }),
      makeBlock({ name: 'County phones', body: '<p>Call the county office.</p>' }),
    ];
    const [first] = recommend(blocks, 'County office: I want to TRACK my Ballot. Call me?');
    expect(first?.block.name).toBe('Ballot tracking');
    expect(first?.matched).toEqual(['ballot', 'track', 'call']);
  });

  it('ignores header lines, signatures and disclaimers', () => {
    const email = 'Thanks\n\nFrom: Mail Ballot Team <ballot@example.gov>\nSubject: Mail ballot\nTo: me\n\nPlease call us.';
    expect(recommend([ballot()], email)).toEqual([]);
    expect(recommend([ballot()], 'Please call.\n\nBest regards,\nMail Ballot Desk\n555-0100')).toEqual([]);
  });

  it('recommends nothing for an empty email, only stop words, or no shared term', () => {
    expect(recommend([ballot()], '')).toEqual([]);
    expect(recommend([ballot()], 'the and of to a in it is')).toEqual([]);
    expect(recommend([ballot()], 'zebra giraffe 12345')).toEqual([]);
    expect(recommend([], 'mail ballot')).toEqual([]);
  });

  it('returns at most 5, best first, ties by name then input order', () => {
    const blocks = Array.from({ length: 8 }, (_, i) =>
      makeBlock({ name: `Ballot ${8 - i}`, body: i < 2 ? '<p>ballot ballot</p>' : '<p>ballot status</p>' }),
    );
    // As many blocks on other topics, so that "ballot" is not a word most blocks use (which is no match).
    for (let i = 0; i < 8; i += 1) blocks.push(makeBlock({ name: `Deed ${i}`, body: '<p>deed recording</p>' }));
    const result = recommend(blocks, 'ballot');
    expect(result).toHaveLength(MAX_RECOMMENDATIONS);
    expect(names(result)).toEqual(['Ballot 7', 'Ballot 8', 'Ballot 1', 'Ballot 2', 'Ballot 3']);
    const scores = result.map((r) => r.score);
    expect(scores[0]).toBe(scores[1]);
    expect(scores[0]).toBeGreaterThan(scores[2]!);
    expect(new Set(scores.slice(2)).size).toBe(1);
  });

  it('accepts a smaller limit, handles non-ASCII text and HTML entities', () => {
    const blocks = [
      makeBlock({ name: 'Cédula', body: '<p>Solicitud de c&eacute;dula en la oficina</p>' }),
      makeBlock({ name: 'Other', body: '<p>Oficina central</p>' }),
    ];
    const result = recommendBlocks(buildRecommendationIndex(buildBlockCorpus(blocks)), '¿Dónde pido mi CÉDULA?', 1);
    expect(names(result)).toEqual(['Cédula']);
    expect(result[0]?.matched).toEqual(['cédula']);
  });

  it('indexes a block listed twice once', () => {
    const block = ballot();
    expect(recommend([block, block], 'mail ballot')).toHaveLength(1);
  });

  it('gives the same results as the plain reference implementation on generated data', () => {
    const blocks = generateBlocks(300, 3);
    const index = buildRecommendationIndex(blocks);
    const prepared = prepareBaselineBlocks(blocks);
    const emails = [...generateEmails(15, 5), 'registraton deadlnie for the ballto', 'Hi\n> quoted line about fees\nmine'];
    let shown = 0;
    for (const email of emails) {
      const fast = recommendBlocks(index, email);
      shown += fast.length;
      expect(fast).toEqual(recommendBlocksBaseline(prepared, email));
    }
    expect(shown).toBeGreaterThan(0);
  });
});
