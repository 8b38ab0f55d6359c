// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prepareClassificationText } from '../../../src/domain/classification-text';
import { emailSignature } from '../../../src/domain/email-signature';
import { EMAIL_SIGNATURE_MAX_TERMS, HASHED_TERM, hashTerm, hashedEmailTerms, rankedTerms } from '../../../src/domain/email-terms';
import { DAY_MS, LEARNING_HALF_LIFE_DAYS, addUse, decayedWeight, learnedTeamOf } from '../../../src/domain/learned-evidence';
import { LEARNED_WEIGHT, learnedBoosts, learnedEvidence, type LearnedModel } from '../../../src/domain/learned-ranking';
import { buildRecommendationIndex, recommendBlocks } from '../../../src/domain/recommend-blocks';
import { termOf } from '../../../src/domain/similarity-words';
import { makeBlock } from '../../fixtures/factories';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('hashed terms of an email', () => {
  it('hashes a term with 32-bit FNV-1a into 8 lowercase hex characters, the same on every call', () => {
    expect(hashTerm('ballot')).toMatch(HASHED_TERM);
    expect(hashTerm('ballot')).toBe(hashTerm('ballot'));
    expect(hashTerm('ballot')).not.toBe(hashTerm('ballots'));
  });

  it('uses the recommender\'s terms: folded, stemmed, without stop words, numbers and calendar words, most frequent first', () => {
    expect(rankedTerms('My ballots never came. Where is my BALLOT? I mailed it on Tuesday, 12 days ago.')).toEqual(
      [termOf('ballot'), termOf('mailed'), termOf('days')],
    );
  });

  it('reads only the part the sender wrote now, not the quoted thread', () => {
    const body = 'Where do I vote?\n\nOn Mon, Jun 1, 2026 at 9:00 AM Clerk <clerk@example.org> wrote:\n> Your marriage license is ready.';
    expect(hashedEmailTerms(body)).toEqual([hashTerm(termOf('vote'))]);
  });

  it('reads the quoted part when nothing is written above it (a reply not yet written)', () => {
    const body = '\n\nOn Mon, Jun 1, 2026 at 9:00 AM Jordan <jordan@example.org> wrote:\n> Where is my absentee ballot?';
    expect(hashedEmailTerms(body)).toEqual([hashTerm(termOf('absentee')), hashTerm(termOf('ballot'))]);
  });

  it('keeps at most 48 terms', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);
    expect(hashedEmailTerms(words.join(' '))).toHaveLength(EMAIL_SIGNATURE_MAX_TERMS);
  });
});

describe('the email signature sent with a use', () => {
  it('holds hashes only, none of the email\'s words, and leaves personal data out before hashing', () => {
    const body = 'Hi, my name is Donna Whitfield, I live at 1600 N Main St. My absentee ballot never arrived. Call me at 555-201-3344.\n\nThanks,\nDonna';
    const signature = emailSignature(body, (text) => prepareClassificationText(text, { personNames: ['Donna Whitfield'] }));
    expect(signature.length).toBeGreaterThan(0);
    for (const hash of signature) expect(hash).toMatch(HASHED_TERM);
    expect(signature).toContain(hashTerm(termOf('absentee')));
    for (const personal of ['donna', 'whitfield', 'main', '1600', '555']) expect(signature).not.toContain(hashTerm(termOf(personal)));
    expect(JSON.stringify(signature)).not.toMatch(/ballot|absentee|donna|main/i);
  });

  it('is empty for an empty email', () => {
    expect(emailSignature('  \n ', (text) => text)).toEqual([]);
  });
});

describe('accumulating and decaying evidence', () => {
  it('adds 1 per use after halving the old weight every half-life', () => {
    const first = addUse(undefined, NOW);
    expect(first).toEqual({ weight: 1, at: NOW });
    const later = new Date(NOW.getTime() + LEARNING_HALF_LIFE_DAYS * DAY_MS);
    expect(addUse(first, later)).toEqual({ weight: 1.5, at: later });
    expect(decayedWeight(4, 2 * LEARNING_HALF_LIFE_DAYS * DAY_MS)).toBeCloseTo(1);
  });

  it('never raises old evidence with a use dated earlier, and keeps the later time', () => {
    const earlier = new Date(NOW.getTime() - DAY_MS);
    expect(addUse({ weight: 2, at: NOW }, earlier)).toEqual({ weight: 3, at: NOW });
  });

  it('serves a team\'s associations decayed, strongest first, capped, blocks listed once', () => {
    const old = new Date(NOW.getTime() - LEARNING_HALF_LIFE_DAYS * DAY_MS);
    const team = learnedTeamOf(
      't1',
      [
        { term: 'aaaaaaaa', block: 'b1', weight: 2, at: old },
        { term: 'aaaaaaaa', block: 'b2', weight: 3, at: NOW },
        { term: 'bbbbbbbb', block: 'b1', weight: 0.5, at: NOW },
      ],
      NOW,
      { cap: 2 },
    );
    expect(team).toEqual({ team: 't1', blocks: ['b2', 'b1'], terms: { aaaaaaaa: [[0, 3], [1, 1]] } });
  });
});

describe('blending what a team learned into the recommendations', () => {
  const ballot = makeBlock({ _id: 'a'.repeat(24), name: 'Mail Ballot Not Received', body: 'If your mail ballot has not arrived, request a replacement ballot.' });
  const hours = makeBlock({ _id: 'b'.repeat(24), name: 'Office Hours', body: 'The office is open weekdays from 8 to 5.' });
  const index = buildRecommendationIndex([ballot, hours]);
  const email = 'My absentee thing never showed up in the post.';
  const modelFor = (blockIds: string[], text: string, weight = 1): LearnedModel => ({
    teams: [{ team: 't1', blocks: blockIds, terms: Object.fromEntries(hashedEmailTerms(text).map((hash) => [hash, blockIds.map((_, b) => [b, weight] as const)])) }],
  });

  it('recommends, for an email whose words support no block, the block the team chose often for these terms, and not one chosen once for one term', () => {
    expect(recommendBlocks(index, email)).toEqual([]);
    const once = learnedBoosts(modelFor([ballot._id], 'absentee'), email);
    expect(once.get(ballot._id)).toBeGreaterThan(0);
    expect(recommendBlocks(index, email, undefined, once)).toEqual([]);
    const often = learnedBoosts(modelFor([ballot._id], 'absentee thing never showed up', 9), email);
    const shown = recommendBlocks(index, email, undefined, often);
    expect(shown.map((r) => r.block.name)).toEqual(['Mail Ballot Not Received']);
    expect(shown[0]?.matched).toEqual([]);
  });

  it('after a team picks a block for one email, does not push it above the block an unrelated email\'s words support', () => {
    const fees = makeBlock({ _id: 'd'.repeat(24), name: 'Recording Fees', body: 'Recording a deed costs $15 for the first page and $3 for each extra page.' });
    const track = makeBlock({ _id: 'e'.repeat(24), name: 'Track My Ballot', body: 'Track your mail ballot online: the tracker shows when we received and counted it.' });
    const deed = makeBlock({ _id: 'f'.repeat(24), name: 'Deed Preparation', body: 'Staff cannot prepare a deed for you; a lawyer or a title company can.' });
    const library = buildRecommendationIndex([fees, track, deed]);
    // Email A, answered with Recording Fees again and again; email B shares its small talk, not its topic.
    const emailA = 'Quick question from a neighbour about my mail: how much to record a deed, first page?';
    const emailB = 'Quick question from a neighbour about my mail ballot: was it received and counted? Can I track it online?';
    const model: LearnedModel = { teams: [learnedTeamOf('t1', hashedEmailTerms(emailA).map((term) => ({ term, block: fees._id, weight: 20, at: NOW })), NOW)] };
    const boosts = learnedBoosts(model, emailB);
    expect(boosts.get(fees._id)).toBeGreaterThan(0);
    const shown = recommendBlocks(library, emailB, undefined, boosts).map((r) => r.block.name);
    expect(shown[0]).toBe('Track My Ballot');
    expect(shown).not.toContain('Recording Fees');
  });

  it('counts a term less when it led to many blocks, and more with more evidence', () => {
    const single = learnedEvidence(modelFor([ballot._id], 'absentee'), [hashTerm(termOf('absentee'))]).get(ballot._id) as number;
    const shared = learnedEvidence(modelFor([ballot._id, hours._id], 'absentee'), [hashTerm(termOf('absentee'))]).get(ballot._id) as number;
    const strong = learnedEvidence(modelFor([ballot._id], 'absentee', 9), [hashTerm(termOf('absentee'))]).get(ballot._id) as number;
    expect(single).toBeCloseTo(0.5);
    expect(shared).toBeLessThan(single / 2);
    expect(strong).toBeCloseTo(0.9);
    expect(learnedBoosts(modelFor([ballot._id], 'absentee', 9), 'absentee').get(ballot._id)).toBeCloseTo(0.9 * LEARNED_WEIGHT);
  });

  it('adds nothing without a model, for a block not in the list, or for terms nobody learned', () => {
    expect(learnedBoosts(null, email).size).toBe(0);
    expect(learnedBoosts(modelFor([ballot._id], 'marriage license'), email).size).toBe(0);
    const unknown = learnedBoosts(modelFor(['c'.repeat(24)], email), email);
    expect(recommendBlocks(index, email, undefined, unknown)).toEqual([]);
  });

  it('keeps the spec\'s limit of 5 and the word-overlap order when nothing was learned', () => {
    const many = Array.from({ length: 8 }, (_, i) => makeBlock({ _id: `${i}`.padStart(24, '0'), name: `Ballot ${i}`, body: `ballot replacement ${'request '.repeat(i)}` }));
    // Unrelated blocks, so that "ballot" and "replacement" stay telling words (used by fewer than half).
    const others = Array.from({ length: 10 }, (_, i) => makeBlock({ _id: `${i}`.padStart(24, '1'), name: `Deed ${i}`, body: 'deed recording' }));
    const manyIndex = buildRecommendationIndex([...many, ...others]);
    const text = 'I need a replacement ballot';
    const boosts = new Map(many.map((block) => [block._id, 0.5]));
    expect(recommendBlocks(manyIndex, text, undefined, boosts)).toHaveLength(5);
    expect(recommendBlocks(manyIndex, text, undefined, new Map()).map((r) => r.block._id)).toEqual(recommendBlocks(manyIndex, text).map((r) => r.block._id));
  });
});
