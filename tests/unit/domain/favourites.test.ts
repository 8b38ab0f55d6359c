import { describe, expect, it } from 'vitest';
import { applyFavouriteChange, favouriteBlocks, favouriteIds, reverseOf, type FavouriteEntry } from '../../../src/domain/favourites';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';

const entry = (block: { _id: string; team: string }, addedAt = '2026-11-01T10:00:00.000Z'): FavouriteEntry => ({ autoResponseId: block._id, team: block.team, addedAt });

describe('favouriteBlocks', () => {
  it('keeps the starred blocks the host shows, sorted by name case-insensitively, whatever order they were starred in', () => {
    resetFactoryIds();
    const zebra = makeBlock({ name: 'zebra crossing' });
    const apple = makeBlock({ name: 'Apple pie' });
    const banana = makeBlock({ name: 'banana' });
    const other = makeBlock({ name: 'Not starred' });
    expect(favouriteBlocks([zebra, apple, banana, other], [entry(zebra), entry(banana), entry(apple)]).map((block) => block.name)).toEqual([
      'Apple pie',
      'banana',
      'zebra crossing',
    ]);
  });

  it('leaves out a favourite whose block is not among those shown (deleted, team left, another host’s)', () => {
    resetFactoryIds();
    const shown = makeBlock({ name: 'Shown' });
    const gone = makeBlock({ name: 'Gone' });
    expect(favouriteBlocks([shown], [entry(gone), entry(shown)])).toEqual([shown]);
    expect(favouriteBlocks([shown], [])).toEqual([]);
  });

  it('matches ids whatever their case', () => {
    resetFactoryIds();
    const block = makeBlock({ _id: 'ABCDEF0123456789ABCDEF01' });
    expect(favouriteBlocks([block], [{ ...entry(block), autoResponseId: block._id.toLowerCase() }])).toEqual([block]);
    expect(favouriteIds([entry(block)]).has('abcdef0123456789abcdef01')).toBe(true);
  });
});

describe('applyFavouriteChange', () => {
  const at = new Date('2026-11-02T09:00:00.000Z');
  const a = { _id: 'a'.repeat(24), team: 'c'.repeat(24) };
  const b = { _id: 'b'.repeat(24), team: 'c'.repeat(24) };

  it('adds a starred block once, with the time of the star, and removes an unstarred one', () => {
    const starred = applyFavouriteChange([], { block: a, on: true, at });
    expect(starred).toEqual([{ autoResponseId: a._id, team: a.team, addedAt: at.toISOString() }]);
    expect(applyFavouriteChange(starred, { block: a, on: true, at: new Date() })).toEqual(starred);
    expect(applyFavouriteChange(starred, { block: a, on: false, at })).toEqual([]);
  });

  it('takes back one change without undoing another made meanwhile', () => {
    const starA = { block: a, on: true, at };
    const starB = { block: b, on: true, at };
    const both = applyFavouriteChange(applyFavouriteChange([], starA), starB);
    // The server refused the star of A: B stays.
    expect(applyFavouriteChange(both, reverseOf(starA)).map((item) => item.autoResponseId)).toEqual([b._id]);
    // An unstar refused puts the block back.
    const unstarB = { block: b, on: false, at };
    const afterUnstar = applyFavouriteChange(both, unstarB);
    expect(applyFavouriteChange(afterUnstar, reverseOf(unstarB)).map((item) => item.autoResponseId).sort()).toEqual([a._id, b._id]);
  });
});
