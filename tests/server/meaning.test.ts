import { beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AccountSynonyms, MeaningHints } from '../../src/api/contract/meaning';
import { auditEvents } from '../../server/db/schema';
import { termOf } from '../../src/domain/similarity-words';
import { json } from './support/bodies';
import { givenBlock } from './support/given';
import { peopleWorld, type PeopleWorld } from './support/people';

/**
 * The account's synonyms (admin API) and the hints a member's client reads to recommend beyond
 * shared words: saved whole by account admins only, checked field by field, audited, never served
 * to or editable by another account; the hints carry the WordNet words related to the member's
 * own blocks only, with an ETag that moves when a block or a synonym changes.
 */
let w: PeopleWorld;
beforeEach(async () => {
  w = await peopleWorld();
});

const synonymsPath = () => `/admin/accounts/${w.world.accountA.id}/synonyms`;
const meaningPath = (accountId = w.world.accountA.id) => `/accounts/${accountId}/meaning`;
const put = (body: unknown, as = w.olive) => w.world.call(as, synonymsPath(), json('PUT', body));
const hintsOf = async (as: Parameters<PeopleWorld['world']['call']>[0]) => (await (await w.world.call(as, meaningPath())).json()) as MeaningHints;

describe('the account’s synonyms', () => {
  it('start empty, are saved whole (trimmed, spaces collapsed), read back, and audited with the synonyms added and removed', async () => {
    expect(await (await w.world.call(w.olive, synonymsPath())).json()).toEqual({ synonyms: [] });
    const saved = await put({ synonyms: [{ phrase: '  absentee ', means: 'mail   ballot' }, { phrase: 'deed copy', means: 'certified copy' }] });
    expect(saved.status).toBe(200);
    const expected: AccountSynonyms = { synonyms: [{ phrase: 'absentee', means: 'mail ballot' }, { phrase: 'deed copy', means: 'certified copy' }] };
    expect(await saved.json()).toEqual(expected);
    expect(await (await w.world.call(w.olive, synonymsPath())).json()).toEqual(expected);

    const events = await w.database.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, w.world.accountA.id), eq(auditEvents.action, 'account.synonyms_changed')));
    expect(events).toHaveLength(1);
    expect(events[0]!.changes).toEqual({ fields: ['synonyms'], before: { synonyms: [] }, after: { synonyms: ['absentee = mail ballot', 'deed copy = certified copy'] } });

    // Saving the same list again changes nothing and logs nothing.
    await put(expected);
    expect(await w.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.synonyms_changed'))).toHaveLength(1);

    // A second save logs only what it added and removed.
    await put({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }, { phrase: 'grantee', means: 'buyer' }] });
    const [latest] = await w.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.synonyms_changed')).orderBy(desc(auditEvents.at)).limit(1);
    expect(latest!.changes).toEqual({ fields: ['synonyms'], before: { synonyms: ['deed copy = certified copy'] }, after: { synonyms: ['grantee = buyer'] } });
  });

  it.each([
    ['an empty phrase', { synonyms: [{ phrase: '   ', means: 'mail ballot' }] }, 'synonyms.0.phrase'],
    ['punctuation only', { synonyms: [{ phrase: '?!', means: 'mail ballot' }] }, 'synonyms.0.phrase'],
    ['a phrase of 61 characters', { synonyms: [{ phrase: 'a'.repeat(61), means: 'mail ballot' }] }, 'synonyms.0.phrase'],
    ['a meaning of 101 characters', { synonyms: [{ phrase: 'absentee', means: 'b'.repeat(101) }] }, 'synonyms.0.means'],
    ['a line break', { synonyms: [{ phrase: 'absentee\nballot', means: 'mail ballot' }] }, 'synonyms.0.phrase'],
    ['a phrase listed twice', { synonyms: [{ phrase: 'Absentee', means: 'mail ballot' }, { phrase: 'absentee', means: 'vote by mail' }] }, 'synonyms.1.phrase'],
    ['a phrase that means itself', { synonyms: [{ phrase: 'Ballot', means: 'ballot' }] }, 'synonyms.0.means'],
    ['301 synonyms', { synonyms: Array.from({ length: 301 }, (_, i) => ({ phrase: `word${i}`, means: 'ballot' })) }, 'synonyms'],
    ['no list', {}, 'synonyms'],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const response = await put(body);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { error: { code: string; message: string } };
    expect(problem.error.code).toBe('invalid_request');
    expect(problem.error.message).toContain(field);
    expect(await (await w.world.call(w.olive, synonymsPath())).json()).toEqual({ synonyms: [] });
  });

  it('takes 300 synonyms, the most an account keeps', async () => {
    const synonyms = Array.from({ length: 300 }, (_, i) => ({ phrase: `word${i}`, means: 'ballot' }));
    expect((await put({ synonyms })).status).toBe(200);
  });

  it('are another account’s business: its admin can neither read nor change them (404), a team admin or member gets 403', async () => {
    await put({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] });
    expect((await w.world.call(w.bob, synonymsPath())).status).toBe(404);
    expect((await w.world.call(w.bob, synonymsPath(), json('PUT', { synonyms: [] }))).status).toBe(404);
    expect((await put({ synonyms: [] }, w.rita)).status).toBe(403);
    expect((await w.world.call(w.carol, synonymsPath())).status).toBe(403);
    expect(await (await w.world.call(w.olive, synonymsPath())).json()).toEqual({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] });
    // Bob's own account has none, and his hints never hold Alder's.
    const birch = await w.world.call(w.bob, meaningPath(w.world.accountB.id));
    expect(((await birch.json()) as MeaningHints).synonyms).toEqual([]);
    expect((await w.world.call(w.bob, meaningPath())).status).toBe(404);
  });
});

describe('a member’s hints', () => {
  it('hold the account’s synonyms and the WordNet words related to the words of the member’s own blocks only', async () => {
    await givenBlock(w.database.db, w.world.recorder, { name: 'Certified marriage certificate', body: '<p>Order a certified copy of your marriage certificate.</p>' });
    await givenBlock(w.database.db, w.world.elections, { name: 'Canvass', body: '<p>The canvass of the votes takes weeks.</p>' });
    await put({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] });

    const carol = await hintsOf(w.carol);
    expect(carol.synonyms).toEqual([{ phrase: 'absentee', means: 'mail ballot' }]);
    // "wedding" shares a synset with "marriage" (Carol is in Recorder); "canvass" is Elections' word.
    expect(carol.related[termOf('wedding')]).toContainEqual([termOf('marriage'), expect.any(Number)]);
    for (const [, weight] of carol.related[termOf('wedding')]!) expect(weight).toBeLessThan(1);
    expect(Object.values(carol.related).flat().map(([stem]) => stem)).not.toContain(termOf('canvass'));
    // A stem the blocks use themselves is never a key: it matches directly.
    expect(carol.related[termOf('marriage')]).toBeUndefined();
  });

  it('answer 304 to the ETag they were sent, and a new ETag once a synonym or a block changes', async () => {
    const first = await w.world.call(w.carol, meaningPath());
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"/);
    expect((await w.world.call(w.carol, meaningPath(), { headers: { 'If-None-Match': etag } })).status).toBe(304);

    await put({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] });
    const afterSynonym = await w.world.call(w.carol, meaningPath(), { headers: { 'If-None-Match': etag } });
    expect(afterSynonym.status).toBe(200);
    const second = afterSynonym.headers.get('ETag')!;
    expect(second).not.toBe(etag);

    await givenBlock(w.database.db, w.world.recorder, { name: 'Homestead declaration', body: '<p>File a homestead declaration.</p>' });
    const afterBlock = await w.world.call(w.carol, meaningPath(), { headers: { 'If-None-Match': second } });
    expect(afterBlock.status).toBe(200);
  });

  it('refuse a team the member is not in (404) and a signed-out caller (401)', async () => {
    expect((await w.world.call(w.carol, `${meaningPath()}?teams=${w.world.elections.id}`)).status).toBe(404);
    expect((await w.world.call(null, meaningPath())).status).toBe(401);
  });
});
