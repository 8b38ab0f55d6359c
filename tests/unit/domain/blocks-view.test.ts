// The home screen's block list and team choice (rules §2, §3, §4 "Team selection", §5, §9).
import { beforeEach, describe, expect, it } from 'vitest';
import { groupBlocksByCategory } from '../../../src/domain/block-groups';
import { filterBlocksByContext, supportsContext } from '../../../src/domain/block-context';
import { selectFrequentlyUsed } from '../../../src/domain/frequently-used';
import { compareNames, sortByName } from '../../../src/domain/compare-names';
import type { Block, Team } from '../../../src/domain/types';
import { makeBlock, resetFactoryIds, makeTeam, DEFAULT_ACCOUNT_ID, makeUser } from '../../fixtures/factories';
import { buildBlocksView } from '../../../src/domain/blocks-view';
import { filterBlocksByTeam, filterTeamsForUser, isValidTeamChoice, resolveSelectedTeam, showsTeamSelector, toSavedTeamChoice, userTeamIds } from '../../../src/domain/teams';
import { isValidObjectId } from '../../../src/domain/object-id';

beforeEach(() => resetFactoryIds());

const names = (blocks: readonly Block[]): string[] => blocks.map((block) => block.name);

describe('compareNames', () => {
  it('sorts case-insensitively, numbers as numbers, keeping input order for equal names', () => {
    const items = ['banana', 'Apple', 'apple', 'Fee schedule 10', 'fee schedule 2', 'Cherry'].map((name, i) => ({ name, i }));
    expect(sortByName(items).map((item) => `${item.name}#${item.i}`)).toEqual([
      'Apple#1',
      'apple#2',
      'banana#0',
      'Cherry#5',
      'fee schedule 2#4',
      'Fee schedule 10#3',
    ]);
    expect(compareNames('ÉCLAIR', 'eclair')).not.toBe(0);
    expect(compareNames('Zeta', 'zeta')).toBe(0);
  });
});

describe('groupBlocksByCategory', () => {
  it('groups by category, sorts groups and blocks by name, and lists uncategorised blocks apart', () => {
    const blocks = [
      makeBlock({ name: 'voter registration', categories: ['Elections'] }),
      makeBlock({ name: 'Deed fees', categories: ['Recording'] }),
      makeBlock({ name: 'Absentee ballot', categories: ['Elections'] }),
      makeBlock({ name: 'Office hours' }),
      makeBlock({ name: 'apostille', categories: [] }),
    ];
    const grouped = groupBlocksByCategory(blocks);
    expect(grouped.categories.map((g) => [g.category, names(g.blocks)])).toEqual([
      ['Elections', ['Absentee ballot', 'voter registration']],
      ['Recording', ['Deed fees']],
    ]);
    expect(names(grouped.uncategorized)).toEqual(['apostille', 'Office hours']);
  });

  it('puts a block in each of its categories, once per category', () => {
    const block = makeBlock({ name: 'Both', categories: ['Elections', 'Recording', 'elections '] });
    const grouped = groupBlocksByCategory([block]);
    expect(grouped.categories.map((g) => [g.category, names(g.blocks)])).toEqual([
      ['Elections', ['Both']],
      ['Recording', ['Both']],
    ]);
  });

  it('merges categories differing only in case or spacing, and treats blank ones as none', () => {
    const grouped = groupBlocksByCategory([
      makeBlock({ name: 'B', categories: ['  Vital records'] }),
      makeBlock({ name: 'A', categories: ['vital Records'] }),
      makeBlock({ name: 'C', categories: ['   ', ''] }),
    ]);
    expect(grouped.categories.map((g) => [g.category, names(g.blocks)])).toEqual([['Vital records', ['A', 'B']]]);
    expect(names(grouped.uncategorized)).toEqual(['C']);
  });

  it('handles an empty list', () => {
    expect(groupBlocksByCategory([])).toEqual({ categories: [], uncategorized: [] });
  });
});

describe('filterBlocksByContext', () => {
  it('keeps the blocks that support the host context, in order', () => {
    const blocks = [
      makeBlock({ name: 'Both', supportedContexts: ['outlook', 'gmail'] }),
      makeBlock({ name: 'Gmail', supportedContexts: ['gmail'] }),
      makeBlock({ name: 'Field', supportedContexts: ['text_input'] }),
      makeBlock({ name: 'None', supportedContexts: [] }),
    ];
    expect(names(filterBlocksByContext(blocks, 'outlook'))).toEqual(['Both']);
    expect(names(filterBlocksByContext(blocks, 'gmail'))).toEqual(['Both', 'Gmail']);
    expect(names(filterBlocksByContext(blocks, 'text_input'))).toEqual(['Field']);
  });

  it('treats a block without supportedContexts as usable nowhere', () => {
    const broken = { ...makeBlock(), supportedContexts: undefined } as unknown as Block;
    expect(supportsContext(broken, 'outlook')).toBe(false);
  });
});

describe('selectFrequentlyUsed', () => {
  it('keeps the server order, drops other contexts, duplicates and blocks no longer visible, and limits', () => {
    const a = makeBlock({ name: 'A' });
    const b = makeBlock({ name: 'B', supportedContexts: ['gmail'] });
    const c = makeBlock({ name: 'C' });
    const d = makeBlock({ name: 'D' });
    const e = makeBlock({ name: 'E' });
    const visible = new Set([a._id, c._id, e._id, b._id]);
    expect(names(selectFrequentlyUsed([c, a, b, a, d, e], { context: 'outlook', visibleIds: visible }))).toEqual(['C', 'A', 'E']);
    expect(names(selectFrequentlyUsed([c, a, b, a, d, e], { context: 'outlook', limit: 2 }))).toEqual(['C', 'A']);
    expect(selectFrequentlyUsed([], { context: 'gmail' })).toEqual([]);
  });
});



describe('buildBlocksView', () => {
  it('shows the selected team\'s blocks for the host context, grouped, with Frequently Used among them', () => {
    const elections = makeTeam({ name: 'Elections' });
    const recorder = makeTeam({ name: 'Recorder' });
    const ballot = makeBlock({ name: 'Ballot', team: elections._id, categories: ['Voting'] });
    const gmailOnly = makeBlock({ name: 'Gmail only', team: elections._id, supportedContexts: ['gmail'] });
    const hours = makeBlock({ name: 'hours', team: elections._id });
    const deed = makeBlock({ name: 'Deed', team: recorder._id, categories: ['Recording'] });
    const view = buildBlocksView({
      blocks: [ballot, gmailOnly, hours, deed],
      mostUsed: [deed, hours, gmailOnly, ballot],
      context: 'outlook',
      teamId: elections._id,
      frequentlyUsedLimit: 5,
    });
    expect(names(view.visible)).toEqual(['Ballot', 'hours']);
    expect(view.grouped.categories.map((g) => [g.category, names(g.blocks)])).toEqual([['Voting', ['Ballot']]]);
    expect(names(view.grouped.uncategorized)).toEqual(['hours']);
    expect(names(view.frequentlyUsed)).toEqual(['hours', 'Ballot']);
  });

  it('shows every team\'s blocks without a selected team', () => {
    const view = buildBlocksView({ blocks: [makeBlock({ name: 'A' }), makeBlock({ name: 'B', team: makeTeam()._id })], context: 'text_input', teamId: null });
    expect(names(view.visible)).toEqual(['A', 'B']);
    expect(view.frequentlyUsed).toEqual([]);
  });
});


describe('isValidObjectId', () => {
  it.each([
    ['507f1f77bcf86cd799439011', true],
    ['507F1F77BCF86CD799439011', true],
    ['507f1f77bcf86cd79943901', false], // 23
    ['507f1f77bcf86cd7994390112', false], // 25
    ['507f1f77bcf86cd79943901g', false],
    [' 507f1f77bcf86cd799439011', false],
    ['', false],
  ])('%j is %s', (value, expected) => {
    expect(isValidObjectId(value)).toBe(expected);
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 12, {}, ['507f1f77bcf86cd799439011']]) expect(isValidObjectId(value)).toBe(false);
  });
});

describe('user teams', () => {
  it('is the union of adminTeams and teams without duplicates', () => {
    const [t1, t2, t3] = [makeTeam(), makeTeam(), makeTeam()];
    const user = makeUser({ adminTeams: [t2._id, t1._id], teams: [t1._id, t3._id, t3._id] });
    expect(userTeamIds(user)).toEqual([t2._id, t1._id, t3._id]);
    expect(userTeamIds(makeUser({ adminTeams: [], teams: [] }))).toEqual([]);
  });

  it('keeps only teams among the user\'s team ids, in list order, once each', () => {
    const [t1, t2, t3] = [makeTeam(), makeTeam(), makeTeam()];
    const user = makeUser({ adminTeams: [t3._id], teams: [t1._id] });
    expect(filterTeamsForUser([t1, t2, t3, t1], user)).toEqual([t1, t3]);
  });

  it('shows the team selector only with more than one team', () => {
    expect(showsTeamSelector([makeTeam()])).toBe(false);
    expect(showsTeamSelector([makeTeam(), makeTeam()])).toBe(true);
    expect(showsTeamSelector([])).toBe(false);
  });

  it('filters blocks by team', () => {
    const team = makeTeam();
    const mine = makeBlock({ team: team._id });
    expect(filterBlocksByTeam([makeBlock(), mine], team._id)).toEqual([mine]);
  });
});

describe('saved team choice', () => {
  const teams = (): [Team, Team] => [makeTeam({ name: 'Elections' }), makeTeam({ name: 'Recorder' })];

  it('accepts valid ids, a string name and a current team', () => {
    const current = teams();
    expect(isValidTeamChoice(toSavedTeamChoice(current[1], DEFAULT_ACCOUNT_ID), current)).toBe(true);
  });

  it('rejects invalid ids, non-string names, unknown teams and non-objects', () => {
    const current = teams();
    const good = toSavedTeamChoice(current[0], DEFAULT_ACCOUNT_ID);
    expect(isValidTeamChoice({ ...good, _id: 'nope' }, current)).toBe(false);
    expect(isValidTeamChoice({ ...good, accountId: 'nope' }, current)).toBe(false);
    expect(isValidTeamChoice({ ...good, name: 42 }, current)).toBe(false);
    expect(isValidTeamChoice({ ...good, _id: makeTeam()._id }, current)).toBe(false);
    expect(isValidTeamChoice(null, current)).toBe(false);
    expect(isValidTeamChoice('x', current)).toBe(false);
  });

  it('keeps a still-valid choice and otherwise falls back to the first team', () => {
    const current = teams();
    expect(resolveSelectedTeam(toSavedTeamChoice(current[1], DEFAULT_ACCOUNT_ID), current)).toBe(current[1]);
    expect(resolveSelectedTeam({ _id: makeTeam()._id, accountId: DEFAULT_ACCOUNT_ID, name: 'Gone' }, current)).toBe(current[0]);
    expect(resolveSelectedTeam(undefined, current)).toBe(current[0]);
    expect(resolveSelectedTeam(undefined, [])).toBeNull();
  });
});
