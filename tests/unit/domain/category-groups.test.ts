// @vitest-environment node
// Grouping by category for checklists (rules §2 "Checklist home", §9 "Each group is sorted by name").
import { beforeEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../../bench/random';
import { groupBlocksByCategory } from '../../../src/domain/block-groups';
import { groupByCategory } from '../../../src/domain/category-groups';
import { makeBlock, makeChecklist, resetFactoryIds } from '../../fixtures/factories';

beforeEach(() => resetFactoryIds());

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

describe('groupByCategory', () => {
  it('groups checklists by category in name order, each sorted by name, and lists the uncategorised apart', () => {
    const grouped = groupByCategory([
      makeChecklist({ name: 'signature cure call', categories: ['Mail Ballots'] }),
      makeChecklist({ name: 'Poll Worker Sign-Up', categories: ['Poll Workers'] }),
      makeChecklist({ name: 'Replacement Ballot Request', categories: ['Mail Ballots'] }),
      makeChecklist({ name: 'Walk-in visitor' }),
      makeChecklist({ name: 'after-hours voicemail', categories: [] }),
    ]);
    expect(grouped.categories.map((group) => [group.category, names(group.items)])).toEqual([
      ['Mail Ballots', ['Replacement Ballot Request', 'signature cure call']],
      ['Poll Workers', ['Poll Worker Sign-Up']],
    ]);
    expect(names(grouped.uncategorized)).toEqual(['after-hours voicemail', 'Walk-in visitor']);
  });

  it('puts an item in each of its categories once, merges spellings, and treats blank or non-text categories as none', () => {
    const both = makeChecklist({ name: 'Both', categories: ['Recording', ' recording', 'Marriage'] });
    const blank = { name: 'Blank', categories: ['  ', 7, null] };
    const grouped = groupByCategory([both, blank]);
    expect(grouped.categories.map((group) => [group.category, names(group.items)])).toEqual([
      ['Marriage', ['Both']],
      ['Recording', ['Both']],
    ]);
    expect(names(grouped.uncategorized)).toEqual(['Blank']);
    expect(groupByCategory([])).toEqual({ categories: [], uncategorized: [] });
  });

  it('groups blocks exactly as the block grouping of Home does, on generated blocks', () => {
    const random = createRandom(7);
    const words = ['Ballot', 'ballot', 'Deed', 'Fee 2', 'fee 10', 'Élection', 'election', 'Hours'];
    const categoryNames = ['Mail Ballots', 'mail ballots ', 'Recording', '', '  ', 'Marriage', 'Élections', 'elections'];
    for (let round = 0; round < 20; round += 1) {
      const blocks = Array.from({ length: random.int(0, 40) }, () =>
        makeBlock({
          name: `${random.pick(words)} ${random.pick(words)}`,
          ...(random.chance(0.8) ? { categories: Array.from({ length: random.int(0, 3) }, () => random.pick(categoryNames)) } : {}),
        }),
      );
      const expected = groupBlocksByCategory(blocks);
      const actual = groupByCategory(blocks);
      expect(actual.uncategorized).toEqual(expected.uncategorized);
      expect(actual.categories).toEqual(expected.categories.map((group) => ({ category: group.category, items: group.blocks })));
    }
  });
});
