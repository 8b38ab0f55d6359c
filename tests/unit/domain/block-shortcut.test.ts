import { beforeEach, describe, expect, it } from 'vitest';
import { SHORTCUT_RULE, shortcutKey, shortcutProblem } from '../../../src/domain/block-shortcut';
import { buildBlockSearchIndex, searchBlocks } from '../../../src/domain/block-search';
import { adminBlockInput } from '../../../src/api/contract/admin';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';

beforeEach(() => resetFactoryIds());

describe('the shortcut rules', () => {
  it.each([';t', ';track', '/sig', '#refund-2', '!ty', ';réponse', `;${'a'.repeat(31)}`, ';😀'])('takes %s', (shortcut) => {
    expect(shortcutProblem(shortcut)).toBeUndefined();
  });

  it.each([';', 'track', '1track', ' ;track', ';tr ack', ';tr\u00a0ack', ';tr\u200back', ';\u202etrack', ';\u0007', `;${'a'.repeat(32)}`, 'x'.repeat(100_000)])('refuses %j', (shortcut) => {
    expect(shortcutProblem(shortcut)).toBe(`must be ${SHORTCUT_RULE}`);
  });

  it('compares shortcuts without case', () => {
    expect(shortcutKey(';TRACK')).toBe(shortcutKey(';track'));
  });

  it('is what the admin API checks, with the field named', () => {
    const parsed = adminBlockInput.safeParse({ name: 'A', body: '<p>b</p>', shortcut: 'track' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['shortcut']);
    expect(adminBlockInput.parse({ name: 'A', body: '<p>b</p>', shortcut: ' ;t ' }).shortcut).toBe(';t');
    expect(adminBlockInput.parse({ name: 'A', body: '<p>b</p>', shortcut: '' }).shortcut).toBeNull();
  });
});

describe('searching for a shortcut', () => {
  it('finds the block with exactly that shortcut first, whatever the case and surrounding spaces', () => {
    const blocks = [
      makeBlock({ name: 'Track deliveries', body: '<p>;track is the shortcut of another block</p>' }),
      makeBlock({ name: 'Ballot status', body: '<p>Your ballot was received.</p>', shortcut: ';track' }),
      makeBlock({ name: 'Tracking numbers', body: '<p>Track it.</p>' }),
    ];
    const index = buildBlockSearchIndex(blocks);
    for (const query of [';track', ' ;TRACK ']) {
      const hits = searchBlocks(index, query);
      expect(hits[0]).toEqual({ block: blocks[1], tier: 1 });
      expect(hits.filter((hit) => hit.block === blocks[1])).toHaveLength(1);
    }
  });

  it('leaves other queries as they were', () => {
    const blocks = [makeBlock({ name: 'Track deliveries' }), makeBlock({ name: 'Ballot status', shortcut: ';track' })];
    const withShortcut = searchBlocks(buildBlockSearchIndex(blocks), 'track');
    const without = searchBlocks(buildBlockSearchIndex(blocks.map(({ shortcut: _s, ...block }) => block)), 'track');
    expect(withShortcut.map((hit) => hit.block.name)).toEqual(without.map((hit) => hit.block.name));
    expect(searchBlocks(buildBlockSearchIndex(blocks), ';trac')[0]?.block.name).not.toBe('Ballot status');
  });
});
