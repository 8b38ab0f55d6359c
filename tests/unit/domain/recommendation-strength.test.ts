// @vitest-environment node
// Recommendations are shown only when their match is strong enough (src/domain/recommendation-strength.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRecommendationIndex, rankBlocks, recommendBlocks } from '../../../src/domain/recommend-blocks';
import { isCalendarTerm, isCommonTerm, isStrongEnough, RELATIVE_STRENGTH, UNNAMED_RELATIVE_STRENGTH } from '../../../src/domain/recommendation-strength';
import { termOf } from '../../../src/domain/similarity-words';
import type { Block } from '../../../src/domain/types';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';
import { generateBlocks, generateEmails } from '../../../bench/corpus';
import { outlookDemoBlocks } from '../../../bench/eval/recommend';
import { DEMO_USERS } from '../../../server/seed/demo-data';
import { SAMPLE_EMAIL } from '../../../hosts/playground/mail-store';

beforeEach(() => resetFactoryIds());

const names = (recommendations: ReadonlyArray<{ block: Block }>) => recommendations.map((r) => r.block.name);

/** The Outlook demo blocks of a demo user's teams: what Home recommends from for that user. */
function demoBlocksOf(email: string): Block[] {
  const user = DEMO_USERS.find((u) => u.email.startsWith(`${email}@`));
  if (!user) throw new Error(`no demo user ${email}`);
  const teams = new Set([...user.teams, ...user.adminTeams]);
  return outlookDemoBlocks().filter((block) => teams.has(block.team));
}

describe('the demo email ("Did my mail ballot arrive?")', () => {
  // Dana (Elections and Front Counter) is the demo user who saw Holiday Closure third.
  for (const user of ['dana', 'avery', 'morgan']) {
    it(`no longer recommends Holiday Closure for ${user}, and keeps the blocks that answer it`, () => {
      const index = buildRecommendationIndex(demoBlocksOf(user));
      const shown = names(recommendBlocks(index, SAMPLE_EMAIL.readBody));
      expect(shown).not.toContain('Holiday Closure');
      expect(shown.slice(0, 3)).toEqual(expect.arrayContaining(['Track My Ballot', 'Ballot Status Follow-up']));
      expect(shown[0]).toBe('Track My Ballot');
    });
  }

  it('had Holiday Closure in the unfiltered ranking, on a weekday and words many blocks use', () => {
    // As the demo blocks were before they had example questions, whose words now outrank it.
    const blocks = demoBlocksOf('dana').map((block) => ({ ...block, examples: [] }));
    const ranked = rankBlocks(buildRecommendationIndex(blocks), SAMPLE_EMAIL.readBody);
    const holiday = ranked.find((r) => r.block.name === 'Holiday Closure');
    expect(holiday?.matched).toContain('tuesday');
  });
});

describe('words that do not tell', () => {
  it('knows calendar words by their stem, and common terms by their share of the blocks', () => {
    for (const word of ['Tuesday', 'tuesdays', 'march', 'yesterday', 'weeks']) expect(isCalendarTerm(termOf(word.toLowerCase())), word).toBe(true);
    for (const word of ['ballot', 'holiday', 'day', 'deadline']) expect(isCalendarTerm(termOf(word)), word).toBe(false);
    expect(isCommonTerm(6, 10)).toBe(true);
    expect(isCommonTerm(5, 10)).toBe(false); // half is not most
    expect(isCommonTerm(2, 2)).toBe(false); // a tiny team has no common words
    expect(isCommonTerm(3, 3)).toBe(true);
  });

  it('does not show a weak single-word match on a word most blocks use', () => {
    const blocks = ['Drop boxes', 'Postmarks', 'Replacement', 'Tracking', 'Languages'].map((name) =>
      makeBlock({ name, body: `<p>${name}: about your ballot and the ${name.toLowerCase()} rules.</p>` }),
    );
    blocks.push(makeBlock({ name: 'Deeds', body: '<p>Recording a deed needs a notarized signature.</p>' }));
    const index = buildRecommendationIndex(blocks);
    expect(rankBlocks(index, 'no ballot yet').length).toBeGreaterThan(0);
    expect(recommendBlocks(index, 'no ballot yet')).toEqual([]);
  });

  it('does not show a block that matched only a weekday, even with a high score', () => {
    const blocks = [
      makeBlock({ name: 'Holiday closure', body: '<p>The office is closed on Monday and reopens Tuesday.</p>' }),
      makeBlock({ name: 'Mail ballot', body: '<p>Track your mail ballot online.</p>' }),
      makeBlock({ name: 'Deed recording', body: '<p>Recording a deed needs a notarized signature.</p>' }),
    ];
    const index = buildRecommendationIndex(blocks);
    const email = 'I mailed my ballot on Tuesday.';
    expect(names(rankBlocks(index, email))).toContain('Holiday closure');
    expect(names(recommendBlocks(index, email))).toEqual(['Mail ballot']);
    // Alone, a weekday is no match at all, not even for the first.
    expect(recommendBlocks(index, 'See you Tuesday')).toEqual([]);
  });
});

describe('the relative threshold', () => {
  const blocks = (): Block[] => [
    makeBlock({ name: 'Track my ballot', body: '<p>Track your mail ballot with Ballot Tracker: see when it was received, verified and counted.</p>' }),
    makeBlock({ name: 'Voter guide', body: '<p>The voter guide is online.</p>' }),
    makeBlock({ name: 'Marriage license', body: '<p>Both parties apply in person for a marriage license.</p>' }),
    makeBlock({ name: 'Deed recording', body: '<p>Recording a deed needs a notarized signature.</p>' }),
  ];
  const email = 'How can I track my ballot online? Was it received and counted?';

  it('drops a block with less than 40% of the best strength, which the ranking alone would show', () => {
    const index = buildRecommendationIndex(blocks());
    const ranked = rankBlocks(index, email);
    expect(names(ranked)).toEqual(['Track my ballot', 'Voter guide']);
    // "online" is telling (one block of four uses it), so only the relative bar removes the guide.
    expect(ranked[1]!.score).toBeLessThan(RELATIVE_STRENGTH * ranked[0]!.score);
    expect(names(recommendBlocks(index, email))).toEqual(['Track my ballot']);
  });

  it('keeps a block at or above the bar: 40% when its name holds a telling word the email used, two thirds when not', () => {
    expect(isStrongEnough({ strength: 0.4, telling: 0.1, named: true, evidence: 1, namedOwn: true }, 1, false)).toBe(true);
    expect(isStrongEnough({ strength: 0.39, telling: 0.1, named: true, evidence: 1, namedOwn: true }, 1, false)).toBe(false);
    expect(isStrongEnough({ strength: 0.6, telling: 0.1, named: false, evidence: 2, namedOwn: false }, 1, false)).toBe(false);
    expect(isStrongEnough({ strength: 2 / 3, telling: 0.1, named: false, evidence: 2, namedOwn: false }, 1, false)).toBe(true);
    expect(isStrongEnough({ strength: 0.1, telling: 0.1, named: false, evidence: 2, namedOwn: false }, 1, true)).toBe(true);
    expect(isStrongEnough({ strength: 1, telling: 0, named: true, evidence: 1, namedOwn: true }, 1, true)).toBe(false);
    const index = buildRecommendationIndex(blocks());
    expect(names(recommendBlocks(index, 'Is the voter guide online? And can I track my ballot?'))).toEqual(['Voter guide', 'Track my ballot']);
  });

  it('shows a second block at half the best strength when the email named what its name says, and not otherwise', () => {
    const library = (name: string): Block[] => [
      makeBlock({ name: 'Track my ballot', body: '<p>Track your mail ballot with Ballot Tracker: see when it was received, verified and counted.</p>' }),
      makeBlock({ name, body: '<p>Drop boxes are open around the clock until 8 pm on election day.</p>' }),
      makeBlock({ name: 'Marriage license', body: '<p>Both parties apply in person for a marriage license.</p>' }),
      makeBlock({ name: 'Deed recording', body: '<p>Recording a deed needs a notarized signature.</p>' }),
    ];
    const email = 'Can I track my ballot after I leave it in a drop box?';
    const named = buildRecommendationIndex(library('Drop boxes'));
    expect(names(recommendBlocks(named, email))).toEqual(['Track my ballot', 'Drop boxes']);
    // The same body under a name that says nothing of drop boxes: a match on its body alone.
    const unnamed = buildRecommendationIndex(library('Returning it in person'));
    const ranked = rankBlocks(unnamed, email);
    expect(names(ranked)).toEqual(['Track my ballot', 'Returning it in person']);
    expect(ranked[1]!.score).toBeGreaterThan(RELATIVE_STRENGTH * ranked[0]!.score);
    expect(ranked[1]!.score).toBeLessThan(UNNAMED_RELATIVE_STRENGTH * ranked[0]!.score);
    expect(names(recommendBlocks(unnamed, email))).toEqual(['Track my ballot']);
  });

  it('always shows the best match when it is a real one, however weak', () => {
    const index = buildRecommendationIndex(blocks());
    const long = `${'I have a long story about my neighbours, the weather and the traffic downtown. '.repeat(20)}Anyway, is a notarized signature needed?`;
    const shown = recommendBlocks(index, long);
    expect(names(shown)).toEqual(['Deed recording']);
    expect(shown[0]!.score).toBeLessThan(0.5);
  });

  it('only removes blocks from the ranking, keeping its order, and keeps its first whenever it shows any', () => {
    const generated = generateBlocks(300, 3);
    const index = buildRecommendationIndex(generated);
    for (const email of [...generateEmails(20, 11), 'ballot', 'deed recording fee', 'marriage license on Friday']) {
      const ranked = rankBlocks(index, email).map((r) => r.block._id);
      const shown = recommendBlocks(index, email).map((r) => r.block._id);
      expect(ranked.filter((id) => shown.includes(id))).toEqual(shown);
      if (shown.length > 0) expect(shown[0]).toBe(ranked[0]);
    }
  });
});

describe('evidence enough on its own (issue #46, point 5)', () => {
  const all = () => buildRecommendationIndex(outlookDemoBlocks());

  it('recommends nothing for a body that is only a reply prefix', () => {
    for (const body of ['Re: ', 'RE:', 'Fwd: ', 'AW: SV: ']) expect(recommendBlocks(all(), body), body).toEqual([]);
  });

  it('recommends nothing when the only word an email shares with any block is a calendar word', () => {
    const blocks = [
      makeBlock({ name: 'Election night', body: '<p>Results are posted on the night of the election, from 8 p.m., and every Tuesday in March.</p>' }),
      makeBlock({ name: 'Deed recording', body: '<p>Recording a deed needs a notarized signature.</p>' }),
      makeBlock({ name: 'Marriage license', body: '<p>Bring photo identification.</p>' }),
    ];
    const index = buildRecommendationIndex(blocks);
    for (const body of ['Loud music every night', 'See you Tuesday', 'Back in March', 'Tonight, or tomorrow morning?']) {
      expect(recommendBlocks(index, body), body).toEqual([]);
    }
    for (const word of ['night', 'nights', 'morning', 'evening', 'weekday', 'midnight']) expect(isCalendarTerm(termOf(word)), word).toBe(true);
  });

  it('recommends nothing for one shared rare word, nor for a typo of one', () => {
    const blocks = [
      makeBlock({ name: 'Returned payment', body: '<p>Your check was returned by your bank. Banks charge a fee; please pay by money order.</p>' }),
      makeBlock({ name: 'Recording fees', body: '<p>Recording costs $15 for the first page.</p>' }),
      makeBlock({ name: 'Office hours', body: '<p>Open weekdays from 8 to 5.</p>' }),
    ];
    const index = buildRecommendationIndex(blocks);
    // "barks" stands for "banks" (one letter apart): a guess, and alone.
    expect(names(rankBlocks(index, 'It barks.'))).toContain('Returned payment');
    expect(recommendBlocks(index, 'It barks.')).toEqual([]);
    // "money" is in the block's body, not its name: one word alone is no match.
    expect(names(rankBlocks(index, 'I found money in the street'))).toContain('Returned payment');
    expect(recommendBlocks(index, 'I found money in the street')).toEqual([]);
    // Two of its words, or a word of its name, are.
    expect(names(recommendBlocks(index, 'My bank returned the money'))).toEqual(['Returned payment']);
    expect(names(recommendBlocks(index, 'hours?'))).toEqual(['Office hours']);
  });

  it('recommends no demo block for a neighbour\'s barking-dog complaint', () => {
    const email = "Hi, our neighbour's dog barks all night long and keeps the whole street awake. Who can I complain to about the noise?";
    const ranked = names(rankBlocks(all(), email));
    expect(ranked).toContain('Election Results Timeline');
    expect(recommendBlocks(all(), email)).toEqual([]);
  });

  it('no longer shows Escalated to a Supervisor, on a typo and one word, to a Front Counter member asking about a ballot', () => {
    const frontCounter = demoBlocksOf('sam');
    const index = buildRecommendationIndex(frontCounter);
    expect(names(rankBlocks(index, SAMPLE_EMAIL.readBody))).toContain('Escalated to a Supervisor');
    expect(names(recommendBlocks(index, SAMPLE_EMAIL.readBody))).not.toContain('Escalated to a Supervisor');
  });

  // Known gap: Holiday Closure and Public Records Request each mention ballots and online services
  // in passing, two of the email's own words, which this rule counts as evidence enough.
  it.fails('shows a Front Counter member no unrelated block for a ballot question', () => {
    const index = buildRecommendationIndex(demoBlocksOf('sam'));
    const shown = names(recommendBlocks(index, SAMPLE_EMAIL.readBody));
    for (const name of ['Holiday Closure', 'Public Records Request', 'Escalated to a Supervisor']) expect(shown).not.toContain(name);
  });
});
