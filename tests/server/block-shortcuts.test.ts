import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminBlock } from '../../src/api/contract/admin';
import type { Block } from '../../src/api/contract/block';
import { adminBlockBody, json } from './support/bodies';
import { freshWorld, type World } from './support/world';

/**
 * Block shortcuts in the admin API: the format, uniqueness within the team whatever the case (with
 * the other block named), what happens on delete, undelete, duplicate and restore, and members
 * receiving the shortcut with the block.
 */
let world: World;
beforeEach(async () => {
  ({ world } = await freshWorld());
});

const base = (team = world.elections.id) => `/admin/accounts/${world.accountA.id}/teams/${team}`;
const asAda = (path: string, init?: RequestInit) => world.call(world.ada, path, init);

async function create(overrides: Record<string, unknown>, team?: string): Promise<{ block: AdminBlock; etag: string }> {
  const response = await asAda(`${base(team)}/blocks`, json('POST', adminBlockBody(overrides)));
  expect(response.status, await response.clone().text()).toBe(201);
  return { block: (await response.json()) as AdminBlock, etag: response.headers.get('ETag')! };
}

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...error };
}

describe('a block’s shortcut', () => {
  it('is saved trimmed, answered by the admin API and sent to members with the block', async () => {
    const { block } = await create({ name: 'Track my ballot', shortcut: '  ;track  ' });
    expect(block.shortcut).toBe(';track');
    const members = await world.call(world.alice, `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`);
    const list = (await members.json()) as Block[];
    expect(list.find((item) => item._id === block._id)?.shortcut).toBe(';track');
    expect(list.filter((item) => item._id !== block._id).every((item) => item.shortcut === undefined)).toBe(true);
  });

  it('is optional: left out, null or empty is none', async () => {
    for (const shortcut of [undefined, null, '', '   ']) {
      const { block } = await create({ name: `No shortcut ${String(shortcut)}`, shortcut });
      expect(block.shortcut).toBeNull();
    }
  });

  it.each([
    ['one character', ';'],
    ['a letter first', 'track'],
    ['a digit first', '1track'],
    ['a space inside', ';track it'],
    ['33 characters', `;${'x'.repeat(32)}`],
    ['a tab', ';tr\tack'],
    ['a no-break space', ';tr\u00a0ack'],
    ['a zero-width space', ';tr\u200back'],
    ['a direction override', ';\u202etrack'],
    ['a NUL', ';tr\u0000ack'],
  ])('refuses %s with a 400 that names the field and the rule', async (_kind, shortcut) => {
    const problem = await errorOf(await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ shortcut }))));
    expect(problem.status).toBe(400);
    expect(problem.message).toContain('shortcut');
  });

  it('takes up to 32 characters of symbols, letters and digits in any script', async () => {
    for (const shortcut of [';x', `/${'y'.repeat(31)}`, '#réponse', '!!', ';ответ']) {
      const { block } = await create({ name: `Block ${shortcut}`, shortcut });
      expect(block.shortcut).toBe(shortcut);
    }
  });

  it('refuses wrong types with a 400', async () => {
    for (const shortcut of [42, true, [';a'], { x: ';a' }]) {
      expect((await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ shortcut })))).status).toBe(400);
    }
  });
});

describe('uniqueness within the team', () => {
  it('refuses a shortcut another live block of the team has, whatever its case, naming that block', async () => {
    await create({ name: 'Track my ballot', shortcut: ';track' });
    const problem = await errorOf(await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ name: 'Other', shortcut: ';TRACK' }))));
    expect(problem).toEqual({
      status: 409,
      code: 'shortcut_taken',
      message: 'The shortcut ;TRACK is already used by the block "Track my ballot". Choose another shortcut.',
    });
  });

  it('refuses it when editing another block, and lets a block keep its own', async () => {
    await create({ name: 'Track my ballot', shortcut: ';track' });
    const other = await create({ name: 'Other', shortcut: ';other' });
    const taken = await asAda(`${base()}/blocks/${other.block._id}`, { ...json('PUT', adminBlockBody({ name: 'Other', shortcut: ';Track' })), headers: { 'Content-Type': 'application/json', 'If-Match': other.etag } });
    expect((await errorOf(taken)).code).toBe('shortcut_taken');
    const kept = await asAda(`${base()}/blocks/${other.block._id}`, { ...json('PUT', adminBlockBody({ name: 'Other renamed', shortcut: ';OTHER' })), headers: { 'Content-Type': 'application/json', 'If-Match': other.etag } });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as AdminBlock).shortcut).toBe(';OTHER');
  });

  it('allows the same shortcut in another team', async () => {
    await create({ name: 'Track my ballot', shortcut: ';track' });
    const { block } = await create({ name: 'Track a deed', shortcut: ';track' }, world.recorder.id);
    expect(block.shortcut).toBe(';track');
  });

  it('frees a deleted block’s shortcut, and refuses to undelete it while another block has it', async () => {
    const first = await create({ name: 'Track my ballot', shortcut: ';track' });
    const deleted = await asAda(`${base()}/blocks/${first.block._id}`, { method: 'DELETE', headers: { 'If-Match': first.etag } });
    expect(deleted.status).toBe(200);
    await create({ name: 'Track, new', shortcut: ';track' });
    const undelete = await asAda(`${base()}/blocks/${first.block._id}/restore`, { method: 'POST', headers: { 'If-Match': deleted.headers.get('ETag')! } });
    expect(await errorOf(undelete)).toMatchObject({ status: 409, code: 'shortcut_taken' });
  });

  it('gives a duplicate no shortcut', async () => {
    const first = await create({ name: 'Track my ballot', shortcut: ';track' });
    const copy = await asAda(`${base()}/blocks/${first.block._id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(201);
    expect(((await copy.json()) as AdminBlock).shortcut).toBeNull();
  });

  it('keeps the shortcut in the block’s versions, and restoring one brings it back', async () => {
    const first = await create({ name: 'Track my ballot', shortcut: ';track' });
    const saved = await asAda(`${base()}/blocks/${first.block._id}`, { ...json('PUT', adminBlockBody({ name: 'Track my ballot', shortcut: null })), headers: { 'Content-Type': 'application/json', 'If-Match': first.etag } });
    expect(((await saved.json()) as AdminBlock).shortcut).toBeNull();
    const restored = await asAda(`${base()}/blocks/${first.block._id}/versions/1/restore`, { method: 'POST', headers: { 'If-Match': saved.headers.get('ETag')! } });
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as AdminBlock).shortcut).toBe(';track');
  });

  it('answers two saves racing for one shortcut with one block and one 409, never a 5xx', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) => asAda(`${base()}/blocks`, json('POST', adminBlockBody({ name: `Racer ${n}`, shortcut: ';race' })))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });
});
