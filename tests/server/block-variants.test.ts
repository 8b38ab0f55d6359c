import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminBlock, BlockVersion } from '../../src/api/contract/admin';
import type { AuditPage } from '../../src/api/contract/audit';
import type { Block } from '../../src/api/contract/block';
import { adminBlockBody, json } from './support/bodies';
import { freshWorld, type World } from './support/world';
import { makeSpanishDropBoxes } from '../fixtures/factories';

/**
 * A block's variants through the admin API: what each save marks as needing an update, the
 * languages each version changed, the audit log naming the variant, the languages refused, and
 * who among members sees them.
 */
let world: World;
beforeEach(async () => {
  ({ world } = await freshWorld());
});

const base = () => `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}`;
const blockPath = (id: string) => `${base()}/blocks/${id}`;
const asAda = (path: string, init?: RequestInit) => world.call(world.ada, path, init);

const spanish = makeSpanishDropBoxes();
const english = { name: 'Drop boxes', body: '<p>Drop boxes are open until 8 p.m. on Election Day.</p>' };

async function create(): Promise<AdminBlock> {
  const response = await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ ...english, variants: [spanish] })));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AdminBlock;
}

/** Saves the block whole, as the editor does, over the version it read. */
async function save(block: AdminBlock, overrides: Record<string, unknown>): Promise<AdminBlock> {
  const response = await asAda(blockPath(block._id), json('PUT', adminBlockBody({ ...english, variants: block.variants, ...overrides }), { 'If-Match': `"${block.version}"` }));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AdminBlock;
}

const versionsOf = async (blockId: string) => (await (await asAda(`${blockPath(blockId)}/versions`)).json()) as BlockVersion[];

async function latestFields(blockId: string): Promise<unknown> {
  const page = (await (await asAda(`${base()}/audit`)).json()) as AuditPage;
  return page.events.find((event) => event.entity._id === blockId)?.changes.fields;
}

describe('saving a block with a Spanish variant', () => {
  it('records which language each save changed, and marks the Spanish text when only the English one changes', async () => {
    const created = await create();
    expect(created.variants).toEqual([{ ...spanish, needsUpdate: false }]);
    expect((await versionsOf(created._id))[0]!.languagesChanged).toEqual(['en', 'es']);
    expect(await latestFields(created._id)).toContain('variants.es');

    // The Spanish body only.
    const spanishEdited = await save(created, { variants: [{ ...spanish, body: '<p>Los buzones cierran a las 8 p.m.</p>' }] });
    expect(spanishEdited.variants[0]).toMatchObject({ body: '<p>Los buzones cierran a las 8 p.m.</p>', needsUpdate: false });
    expect((await versionsOf(created._id))[0]).toMatchObject({ version: 2, languagesChanged: ['es'] });
    expect(await latestFields(created._id)).toEqual(['variants.es']);

    // The English body only: the Spanish text now follows an older English one.
    const englishEdited = await save(spanishEdited, { body: '<p>Drop boxes close at 7 p.m. on Election Day.</p>' });
    expect(englishEdited.variants[0]).toMatchObject({ body: '<p>Los buzones cierran a las 8 p.m.</p>', needsUpdate: true });
    expect((await versionsOf(created._id))[0]).toMatchObject({ version: 3, languagesChanged: ['en'] });
    expect(await latestFields(created._id)).toEqual(['body', 'variants.es.needsUpdate']);

    // The Spanish text brought up to date.
    const translated = await save(englishEdited, { body: englishEdited.body, variants: [{ ...spanish, body: '<p>Los buzones cierran a las 7 p.m.</p>', needsUpdate: true }] });
    expect(translated.variants[0]).toMatchObject({ body: '<p>Los buzones cierran a las 7 p.m.</p>', needsUpdate: false });
    expect((await versionsOf(created._id))[0]).toMatchObject({ version: 4, languagesChanged: ['es'] });

    // Every version compared with the one before it, newest first.
    expect((await versionsOf(created._id)).map((version) => [version.version, version.languagesChanged])).toEqual([
      [4, ['es']],
      [3, ['en']],
      [2, ['es']],
      [1, ['en', 'es']],
    ]);
  });

  it('lets an admin clear the mark without changing the text: a version that changed no language', async () => {
    const created = await create();
    const marked = await save(created, { body: '<p>Drop boxes close at 7 p.m.</p>' });
    expect(marked.variants[0]!.needsUpdate).toBe(true);
    const cleared = await save(marked, { body: marked.body, variants: [{ ...spanish, needsUpdate: false }] });
    expect(cleared).toMatchObject({ version: 3, variants: [{ ...spanish, needsUpdate: false }] });
    expect((await versionsOf(created._id))[0]!.languagesChanged).toEqual([]);
    expect(await latestFields(created._id)).toEqual(['variants.es.needsUpdate']);
  });

  it('records removing a variant as a change of its language', async () => {
    const created = await create();
    await save(created, { variants: [] });
    expect((await versionsOf(created._id))[0]!.languagesChanged).toEqual(['es']);
    expect(await latestFields(created._id)).toEqual(['variants.es']);
  });

  it('refuses a variant in a language Cannery does not know, or in English, with a 400 naming the field', async () => {
    for (const [language, message] of [
      ['xx', 'variants.0.language: must be one of en (English), es (Spanish), fr (French), de (German), it (Italian), pt (Portuguese)'],
      ['en', "variants.0.language: must not be en: the block's own text is its English text"],
    ]) {
      const response = await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ variants: [{ ...spanish, language }] })));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    const twice = await asAda(`${base()}/blocks`, json('POST', adminBlockBody({ variants: [spanish, spanish] })));
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toContain('variants: Give each language at most one variant.');
  });
});

describe('what members see of variants', () => {
  const listOf = (accountId: string, teamId: string) => `/accounts/${accountId}/autoresponses?teams=${teamId}`;

  it("gives the team's members the variants, and never another account's member", async () => {
    const created = await create();
    const alice = await world.call(world.alice, listOf(world.accountA.id, world.elections.id));
    expect(alice.status).toBe(200);
    const seen = ((await alice.json()) as Block[]).find((block) => block._id === created._id);
    expect(seen?.variants).toEqual([spanish]);

    // Bob, of Birch County, asking for Alder's team, or for Alder's account with his own team.
    for (const path of [listOf(world.accountA.id, world.elections.id), listOf(world.accountA.id, world.birchTeam.id)]) {
      const response = await world.call(world.bob, path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('Buzones');
    }
    // His own account's list holds his team's blocks only.
    const own = await world.call(world.bob, listOf(world.accountB.id, world.birchTeam.id));
    expect(own.status).toBe(200);
    const text = await own.text();
    expect(text).toContain('Birch secret block');
    expect(text).not.toContain('Buzones');
    // Nor does the admin API answer him about the block.
    const admin = await world.call(world.bob, blockPath(created._id));
    expect([403, 404]).toContain(admin.status);
    expect(await admin.text()).not.toContain('Buzones');
  });
});
