// Block and checklist search (rules §5 "Search", §9 fuzzy threshold) and the text handling under it.
import { describe, expect, it, beforeEach } from 'vitest';
import { foldCase, foldText, foldedWords, isWordChar } from '../../../src/domain/fold-text';
import { decodeHtmlEntities, htmlToText } from '../../../src/domain/html-to-text';
import { localAlignmentScore } from '../../../src/domain/local-alignment';
import { clearsFuzzyThreshold, fuzzyScore, fuzzyWordsScore } from '../../../src/domain/fuzzy-match';
import { buildWordVocabulary } from '../../../src/domain/word-vocabulary';
import { StampSet } from '../../../src/domain/stamp-set';
import { buildBlockSearchIndex, searchBlocks, type BlockSearchHit } from '../../../src/domain/block-search';
import { buildBlockCorpus } from '../../../src/domain/block-corpus';
import { substringRank } from '../../../src/domain/substring-rank';
import { compareNames } from '../../../src/domain/compare-names';
import type { Block, Checklist } from '../../../src/domain/types';
import { makeBlock, resetFactoryIds, makeChecklist } from '../../fixtures/factories';
import { searchChecklists, type ChecklistSearchHit } from '../../../src/domain/checklist-search';

beforeEach(() => resetFactoryIds());

describe('foldText', () => {
  it('lower-cases, strips diacritics and collapses whitespace', () => {
    expect(foldText('  Teléfono\u00a0del   CONDADO\n\tÑandú ')).toBe('telefono del condado nandu');
  });

  it('leaves single spaces and ASCII text as they are (apart from case)', () => {
    expect(foldText('Voter Registration Deadline')).toBe('voter registration deadline');
  });

  it('folds case without touching whitespace in foldCase', () => {
    expect(foldCase('Árbol  A\nB')).toBe('arbol  a\nb');
  });
});

describe('foldedWords', () => {
  it('splits on anything that is not a letter or digit', () => {
    expect(foldedWords("o'brien, dd-214; 2024/25")).toEqual(['o', 'brien', 'dd', '214', '2024', '25']);
  });

  it('keeps non-ASCII letters inside words', () => {
    expect(foldedWords('número de cédula ß ø 東京')).toEqual(['número', 'de', 'cédula', 'ß', 'ø', '東京']);
  });

  it('treats emoji as separators and gives nothing for empty text', () => {
    expect(foldedWords('vote🗳️now')).toEqual(['vote', 'now']);
    expect(foldedWords('')).toEqual([]);
  });
});

describe('isWordChar', () => {
  it('is false outside the text', () => {
    expect(isWordChar('ab', -1)).toBe(false);
    expect(isWordChar('ab', 2)).toBe(false);
    expect(isWordChar('aé', 1)).toBe(true);
  });
});

describe('htmlToText', () => {
  it('separates block elements and joins inline ones', () => {
    expect(foldText(htmlToText('<p>Vote</p><p>Early</p>'))).toBe('vote early');
    expect(htmlToText('<b>Vot</b>er <a href="x">registration</a>')).toBe('Voter registration');
    expect(foldText(htmlToText('Line one<br>Line two<br/>Line three'))).toBe('line one line two line three');
  });

  it('drops scripts, styles, comments and declarations with their content', () => {
    const html = '<!DOCTYPE html><html><head><title>T</title><style>p{color:red}</style></head><body><!-- note --><p>Hi</p><script>alert(1)</script></body></html>';
    expect(foldText(htmlToText(html))).toBe('hi');
  });

  it('handles ">" inside quoted attribute values', () => {
    expect(htmlToText('<a title="a > b" href=\'c>d\'>link</a>')).toBe('link');
  });

  it('keeps a "<" that does not open a tag', () => {
    expect(htmlToText('fees < $20 & > $5')).toBe('fees < $20 & > $5');
  });

  it('decodes entities after stripping, so escaped markup stays text', () => {
    expect(htmlToText('<p>&lt;b&gt; is bold &amp; &quot;fine&quot;</p>').trim()).toBe('<b> is bold & "fine"');
  });
});

describe('decodeHtmlEntities', () => {
  it('decodes common named, decimal and hex references', () => {
    expect(decodeHtmlEntities('Clerk&#39;s&nbsp;office &ndash; caf&eacute; &#x41;&#X42; &copy;')).toBe('Clerk\'s\u00a0office \u2013 café AB ©');
  });

  it('keeps unknown names and replaces impossible code points', () => {
    expect(decodeHtmlEntities('&madeup; &#0; &#xD800; &#x110000;')).toBe('&madeup; \ufffd \ufffd \ufffd');
  });

  it('decodes astral code points', () => {
    expect(decodeHtmlEntities('&#128499;')).toBe('🗳');
  });
});

describe('localAlignmentScore (+2 match, -1 mismatch, -1 gap)', () => {
  it.each([
    ['registraton', 'registration', 21],
    ['ballet', 'ballot', 9],
    ['licence', 'license', 11],
    ['lisence', 'license', 8],
    ['votxx', 'vote', 6],
    ['votex', 'vote', 8],
    ['teh', 'the', 3],
    ['abcd', 'axbxcxd', 5],
    ['vote', 'vote', 8],
    ['', 'vote', 0],
    ['vote', '', 0],
    ['xyz', 'abc', 0],
  ])('%s against %s scores %i', (query, text, expected) => {
    expect(localAlignmentScore(query, text)).toBe(expected);
  });

  it('scores a query longer than the text by the part that fits', () => {
    expect(localAlignmentScore('xyzvote', 'vote')).toBe(8);
  });

  it('handles queries longer than its preallocated row', () => {
    const long = 'a'.repeat(100);
    expect(localAlignmentScore(long, long)).toBe(200);
  });
});

describe('the 1.2 threshold, relative to the query word length', () => {
  it('is strict: exactly 1.2 does not match', () => {
    expect(clearsFuzzyThreshold(6, 5)).toBe(false); // 6 / 5 = 1.2
    expect(clearsFuzzyThreshold(7, 5)).toBe(true);
    expect(clearsFuzzyThreshold(12, 10)).toBe(false);
    expect(clearsFuzzyThreshold(13, 10)).toBe(true);
  });

  it('applies the boundary to real words', () => {
    expect(fuzzyScore('votxx', 'Where is my vote center?')).toBe(0);
    expect(fuzzyScore('votex', 'Where is my vote center?')).toBeCloseTo(1.6);
    expect(fuzzyScore('abcdefghij', 'abcdef')).toBe(0); // 12 / 10
    expect(fuzzyScore('abcdefghij', 'abcdefxh')).toBeCloseTo(1.3); // 13 / 10
  });

  it('accepts the documented typos and rejects the documented non-matches', () => {
    expect(fuzzyScore('registraton', 'Voter registration')).toBeCloseTo(21 / 11);
    expect(fuzzyScore('ballet', 'Your ballot')).toBeCloseTo(1.5);
    expect(fuzzyScore('lisence', 'marriage license')).toBe(0);
    expect(fuzzyScore('teh', 'the clerk')).toBe(0);
  });

  it('needs every query word to match, and averages by letters', () => {
    expect(fuzzyScore('marrige licence', 'Marriage license requirements')).toBeCloseTo((14 - 1 + 11) / 14);
    expect(fuzzyScore('marrige zebra', 'Marriage license requirements')).toBe(0);
    expect(fuzzyScore('license marriage', 'marriage license')).toBe(2); // word order is forgiven
  });

  it('is case- and accent-insensitive and ignores punctuation in the query', () => {
    expect(fuzzyScore('CÉDULA', 'numero de cedula')).toBe(2);
    expect(fuzzyScore('dd-214!', 'DD 214 form')).toBe(2);
  });

  it('gives 0 for an empty query or a query without letters or digits', () => {
    expect(fuzzyScore('', 'anything')).toBe(0);
    expect(fuzzyScore('?!', 'anything')).toBe(0);
    expect(fuzzyWordsScore([], ['a'])).toBe(0);
  });
});

describe('buildWordVocabulary', () => {
  it('gives each distinct word one id, with the texts that contain it', () => {
    const texts = ['vote early vote', 'early ballot', 'café ballot vote'];
    const v = buildWordVocabulary(texts);
    expect(v.words).toEqual(['vote', 'early', 'ballot', 'café']);
    const postings = (word: string): number[] => {
      const w = v.words.indexOf(word);
      return [...v.postings.slice(v.postingStart[w], v.postingStart[w + 1])];
    };
    expect(postings('vote')).toEqual([0, 2]);
    expect(postings('ballot')).toEqual([1, 2]);
    const textWords = (t: number): string[] => [...v.textWords.slice(v.textWordStart[t], v.textWordStart[t + 1])].map((w) => v.words[w] as string);
    expect(textWords(0)).toEqual(['vote', 'early']);
    expect(textWords(2)).toEqual(['café', 'ballot', 'vote']);
  });

  it('splits words exactly like foldedWords, and survives many distinct words', () => {
    const texts = Array.from({ length: 50 }, (_, t) => Array.from({ length: 200 }, (_, i) => `w${t * 200 + i} x-y ${i}`).join(' '));
    const v = buildWordVocabulary(texts);
    const expected = new Set(texts.flatMap(foldedWords));
    expect(new Set(v.words)).toEqual(expected);
    expect(v.size).toBe(expected.size);
  });

  it('maps every offset of its text to the word there', () => {
    const v = buildWordVocabulary(['ab cd']);
    expect(v.text).toBe('\nab\ncd\n');
    expect([...v.wordAtOffset.slice(0, 6)]).toEqual([0, 0, 0, 1, 1, 1]); // a separator maps to the word after it
  });

  it('handles no texts and empty texts', () => {
    expect(buildWordVocabulary([]).size).toBe(0);
    const v = buildWordVocabulary(['', '...']);
    expect(v.size).toBe(0);
    expect([...v.textWordStart]).toEqual([0, 0, 0]);
  });
});

describe('StampSet', () => {
  it('adds, checks and clears in constant time', () => {
    const set = new StampSet(4);
    expect(set.add(1)).toBe(true);
    expect(set.add(1)).toBe(false);
    expect(set.has(1)).toBe(true);
    expect(set.size).toBe(1);
    set.clear();
    expect(set.has(1)).toBe(false);
    expect(set.size).toBe(0);
  });
});


function search(blocks: Block[], query: string): BlockSearchHit[] {
  return searchBlocks(buildBlockSearchIndex(blocks), query);
}

const names = (hits: readonly BlockSearchHit[]): string[] => hits.map((hit) => hit.block.name);
const tiers = (hits: readonly BlockSearchHit[]): number[] => hits.map((hit) => hit.tier);

describe('searchBlocks tiers', () => {
  const library = (): Block[] => [
    makeBlock({ name: 'Office hours', body: '<p>We are open for <b>voter registration</b> until 5 pm.</p>' }),
    makeBlock({ name: 'Voter registration deadline', body: '<p>The deadline is 15 days before the election.</p>' }),
    makeBlock({ name: 'Mail ballots', body: '<p>Your ballot arrives 29 days before the election.</p>' }),
    makeBlock({ name: 'Registering late', body: '<p>Conditional voter registraton is available.</p>' }),
  ];

  it('ranks name matches, then body matches, then fuzzy body matches', () => {
    const hits = search(library(), 'voter registration');
    expect(names(hits)).toEqual(['Voter registration deadline', 'Office hours', 'Registering late']);
    expect(tiers(hits)).toEqual([1, 2, 3]);
    const fuzzy = hits[2];
    expect(fuzzy?.tier === 3 ? fuzzy.score : 0).toBeCloseTo((10 + 21) / 17);
  });

  it('never lists a block twice, even when it matches several tiers or is listed twice', () => {
    const blocks = library();
    const hits = search([...blocks, blocks[1] as Block], 'registration');
    expect(new Set(hits.map((hit) => hit.block._id)).size).toBe(hits.length);
    expect(names(hits)).toEqual(['Voter registration deadline', 'Office hours', 'Registering late']);
  });

  it('is case-insensitive and strips HTML tags and entities from bodies', () => {
    const blocks = [makeBlock({ name: 'Recording', body: '<p>The Clerk&#39;s <i>Office</i>&nbsp;records <b>deeds</b></p>' })];
    expect(tiers(search(blocks, "CLERK'S OFFICE RECORDS"))).toEqual([2]);
    // The tag is gone: "<i>office" is not in the text (it can still match fuzzily, word by word).
    expect(tiers(search(blocks, '<i>office'))).not.toContain(2);
  });

  it('does not let a tag split or join words', () => {
    const blocks = [makeBlock({ name: 'A', body: '<p>vote</p><p>early</p>' }), makeBlock({ name: 'B', body: '<b>Vot</b>er guide' })];
    expect(names(search(blocks, 'vote early'))).toEqual(['A']);
    expect(names(search(blocks, 'voter'))).toEqual(['B', 'A']);
    expect(tiers(search(blocks, 'voter'))).toEqual([2, 3]); // "vote" is a fuzzy match for "voter"
  });

  it('matches accented text without accents and the other way round', () => {
    const blocks = [makeBlock({ name: 'Solicitud de cédula', body: '<p>Información en español</p>' })];
    expect(tiers(search(blocks, 'cedula'))).toEqual([1]);
    expect(tiers(search(blocks, 'INFORMACIÓN'))).toEqual([2]);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(search(library(), '')).toEqual([]);
    expect(search(library(), '   \n ')).toEqual([]);
    expect(search([], 'vote')).toEqual([]);
  });

  it('handles a query longer than every text', () => {
    const long = 'voter registration deadline for the general election in november of next year';
    expect(names(search(library(), long))).toEqual([]);
  });

  it('searches punctuation-only queries in names and bodies', () => {
    const blocks = [makeBlock({ name: 'Fees & payments', body: '<p>$15 + $3</p>' }), makeBlock({ name: 'Other', body: '<p>a + b</p>' })];
    expect(names(search(blocks, '&'))).toEqual(['Fees & payments']);
    expect(names(search(blocks, '+'))).toEqual(['Fees & payments', 'Other']);
  });

  it('matches queries with punctuation and digits exactly in the body', () => {
    const blocks = [
      makeBlock({ name: 'Discharge', body: '<p>Record your DD-214 at no charge.</p>' }),
      makeBlock({ name: 'Forms', body: '<p>Form DD 214 is not accepted.</p>' }),
    ];
    expect(names(search(blocks, 'dd-214'))).toEqual(['Discharge', 'Forms']);
    expect(tiers(search(blocks, 'dd-214'))).toEqual([2, 3]);
  });
});

describe('searchBlocks order inside a tier', () => {
  it('orders names: starts with the query, then a word starts with it, then inside a word; then by name', () => {
    const blocks = [
      makeBlock({ name: 'Devoted staff' }),
      makeBlock({ name: 'Early vote hours' }),
      makeBlock({ name: 'vote centers' }),
      makeBlock({ name: 'Vote by mail' }),
      makeBlock({ name: 'Absentee vote' }),
    ];
    expect(names(search(blocks, 'vote'))).toEqual(['Vote by mail', 'vote centers', 'Absentee vote', 'Early vote hours', 'Devoted staff']);
  });

  it('orders bodies: the query at a word start first, then by name', () => {
    const blocks = [
      makeBlock({ name: 'C', body: 'The devoted staff' }),
      makeBlock({ name: 'B', body: 'Your vote counts' }),
      makeBlock({ name: 'A', body: 'Early voting' }),
    ];
    expect(names(search(blocks, 'vot'))).toEqual(['A', 'B', 'C']);
    // "voting" does not contain "vote": A drops to the fuzzy tier; "devoted" contains it inside a word.
    expect(names(search(blocks, 'vote'))).toEqual(['B', 'C', 'A']);
    expect(tiers(search(blocks, 'vote'))).toEqual([2, 2, 3]);
  });

  it('orders fuzzy results by score, then by how close the name is, then by name', () => {
    const blocks = [
      makeBlock({ name: 'Zeta', body: 'ballot' }), // "balot" / "ballot": 9, name closeness 2
      makeBlock({ name: 'Yankee', body: 'bailout' }), // 8
      makeBlock({ name: 'Ballot questions', body: 'ballot' }), // 9, name closeness 9
      makeBlock({ name: 'Alpha', body: 'ballot' }), // 9, name closeness 4 ("al")
    ];
    const hits = search(blocks, 'balot');
    expect(tiers(hits)).toEqual([3, 3, 3, 3]);
    expect(names(hits)).toEqual(['Ballot questions', 'Alpha', 'Zeta', 'Yankee']);
    expect(hits.map((hit) => (hit.tier === 3 ? hit.score : 0))).toEqual([1.8, 1.8, 1.8, 1.6]);
  });

  it('keeps input order for blocks with equal names', () => {
    const first = makeBlock({ name: 'Same', body: 'vote' });
    const second = makeBlock({ name: 'same', body: 'vote' });
    expect(search([first, second], 'vote').map((hit) => hit.block._id)).toEqual([first._id, second._id]);
  });
});

describe('searchBlocks agrees with a direct reading of the rules', () => {
  /** The rules applied block by block, with no index: what the index must reproduce exactly. */
  function reference(blocks: Block[], query: string): Array<[string, number]> {
    const q = foldText(query);
    if (q === '') return [];
    const qWords = foldedWords(q);
    const rows: Array<{ id: string; tier: number; key: number[]; name: string; position: number }> = [];
    const seen = new Set<string>();
    blocks.forEach((block, position) => {
      if (seen.has(block._id)) return;
      seen.add(block._id);
      const name = foldText(block.name);
      const body = foldText(htmlToText(block.body));
      const nameRank = substringRank(name, q);
      const bodyRank = substringRank(body, q);
      if (nameRank >= 0) rows.push({ id: block._id, tier: 1, key: [nameRank], name: block.name, position });
      else if (bodyRank >= 0) rows.push({ id: block._id, tier: 2, key: [bodyRank === 2 ? 1 : 0], name: block.name, position });
      else {
        const score = fuzzyWordsScore(qWords, foldedWords(body));
        if (score > 0) {
          const nameWords = foldedWords(name);
          const closeness = qWords.reduce((sum, w) => sum + Math.max(0, ...nameWords.map((n) => localAlignmentScore(w, n))), 0);
          rows.push({ id: block._id, tier: 3, key: [-score, -closeness], name: block.name, position });
        }
      }
    });
    rows.sort((a, b) => {
      if (a.tier !== b.tier) return a.tier - b.tier;
      for (let i = 0; i < a.key.length; i += 1) {
        const d = (a.key[i] as number) - (b.key[i] as number);
        if (Math.abs(d) > 1e-12) return d;
      }
      return compareNames(a.name, b.name) || a.position - b.position;
    });
    return rows.map((row) => [row.id, row.tier]);
  }

  /** A tiny seeded generator, so a failure names the same case every run. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 0x1_0000_0000;
    };
  }

  const WORDS = ['vote', 'voter', 'voting', 'ballot', 'ballots', 'deed', 'deeds', 'record', 'recorder', 'marriage', 'license',
    'licence', 'fee', 'fees', 'clerk', "clerk's", 'office', 'mail', 'early', 'dd-214', 'café', 'Cédula', 'a', 'the', 'registration'];
  const QUERIES = ['vote', 'vot', 'voter reg', 'balot', 'ballots fee', 'dd-214', 'dd 214', 'cafe', 'cedula', 'recrder',
    'marrige licence', 'the', 'e', 'licen', "clerk's office", 'fee s', 'zzz', 'registraton', 'office mail', 'deed record'];

  it('on 200 random blocks and 20 queries', () => {
    const next = random(42);
    const pick = (): string => WORDS[Math.floor(next() * WORDS.length)] as string;
    const sentence = (count: number): string => Array.from({ length: count }, pick).join(' ');
    const blocks = Array.from({ length: 200 }, () =>
      makeBlock({ name: sentence(1 + Math.floor(next() * 3)), body: `<p>${sentence(3 + Math.floor(next() * 12))}</p>` }),
    );
    const index = buildBlockSearchIndex(buildBlockCorpus(blocks));
    for (const query of QUERIES) {
      const actual = searchBlocks(index, query).map((hit): [string, number] => [hit.block._id, hit.tier]);
      const expected = reference(blocks, query);
      expect(actual, query).toEqual(expected);
    }
  });
});


const rows = (hits: readonly ChecklistSearchHit[]): Array<[string, number]> => hits.map((hit) => [hit.checklist.name, hit.tier]);

function checklistLibrary(): Checklist[] {
  return [
    makeChecklist({ name: 'Phone: marriage license', tasks: [{ name: 'Confirm both IDs' }, { name: 'Explain the fee' }] }),
    makeChecklist({ name: 'Deed recording call', tasks: [{ name: 'Check the notary stamp' }, { name: 'Quote the recording fee' }] }),
    makeChecklist({ name: 'Election day hotline', tasks: [{ name: 'Find the polling place' }, { name: 'Offer a provisional ballot' }] }),
    makeChecklist({ name: 'Fee questions', tasks: [{ name: 'List payment methods' }] }),
  ];
}

describe('searchChecklists', () => {
  it('ranks name matches, then task-name matches, then fuzzy task-name matches', () => {
    expect(rows(searchChecklists(checklistLibrary(), 'fee'))).toEqual([
      ['Fee questions', 1],
      ['Deed recording call', 2],
      ['Phone: marriage license', 2],
      ['Election day hotline', 3], // "fe" in "Offer": 4 / 3 is above 1.2
    ]);
    expect(rows(searchChecklists(checklistLibrary(), 'provisonal ballot'))).toEqual([['Election day hotline', 3]]);
  });

  it('is case- and accent-insensitive', () => {
    expect(rows(searchChecklists(checklistLibrary(), 'NOTÁRY'))).toEqual([['Deed recording call', 2]]);
  });

  it('does not match across two task names', () => {
    expect(rows(searchChecklists(checklistLibrary(), 'ids explain'))).toEqual([['Phone: marriage license', 3]]);
  });

  it('orders task matches at a word start before matches inside a word', () => {
    const checklists = [
      makeChecklist({ name: 'B', tasks: [{ name: 'Reconfirm' }] }),
      makeChecklist({ name: 'A', tasks: [{ name: 'Firm deadline' }] }),
      makeChecklist({ name: 'C', tasks: [{ name: 'Call back' }, { name: 'firmly decline' }] }),
    ];
    expect(rows(searchChecklists(checklists, 'firm'))).toEqual([['A', 2], ['C', 2], ['B', 2]]);
  });

  it('orders fuzzy matches by score', () => {
    const checklists = [
      makeChecklist({ name: 'Two typos', tasks: [{ name: 'regisstraton' }] }),
      makeChecklist({ name: 'One typo', tasks: [{ name: 'registraton' }] }),
    ];
    const hits = searchChecklists(checklists, 'registration');
    expect(rows(hits)).toEqual([['One typo', 3], ['Two typos', 3]]);
  });

  it('finds nothing for a blank query and lists each checklist once', () => {
    expect(searchChecklists(checklistLibrary(), ' ')).toEqual([]);
    const [first] = checklistLibrary();
    expect(searchChecklists([first as Checklist, first as Checklist], 'marriage')).toHaveLength(1);
  });

  it('handles checklists without tasks and queries longer than every text', () => {
    const checklists = [makeChecklist({ name: 'Empty', tasks: [] })];
    expect(searchChecklists(checklists, 'a very long query that matches nothing at all')).toEqual([]);
    expect(rows(searchChecklists(checklists, 'empt'))).toEqual([['Empty', 1]]);
  });
});
