import { describe, expect, it } from 'vitest';
import { blockInputOf, emptyVariant, formOfBlock, shortcutErrorOf, EMPTY_BLOCK_FORM } from '../../../src/admin/block-editor/block-form';
import { ApiError } from '../../../src/api/client';
import { filterAdminBlocks } from '../../../src/admin/blocks/filter-blocks';
import { ADMIN_ROUTES } from '../../../src/admin/app/routes';
import { resolveRouteIn } from '../../../src/app/route-table';
import type { AdminBlock } from '../../../src/api/contract/admin';

const keep = (html: string) => html;

function adminBlock(overrides: Partial<AdminBlock> = {}): AdminBlock {
  return {
    _id: '64b0000000000000000000a1',
    account: '64b0000000000000000000c1',
    team: '64b0000000000000000000d1',
    name: 'Track My Ballot',
    body: '<p>You can <b>track</b> your ballot online.</p>',
    categories: ['Ballots'],
    supportedContexts: ['outlook', 'gmail'],
    cc: [],
    subjectLine: null,
    attachments: [],
    examples: [],
    shortcut: null,
    showFrom: null,
    showUntil: null,
    variants: [],
    window: 'shown',
    pending: null,
    version: 3,
    deleted: false,
    deletedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    owner: null,
    reviewEveryDays: 365,
    reviewedAt: '2026-11-02T10:00:00.000Z',
    reviewDue: false,
    archived: false,
    archivedAt: null,
    ...overrides,
  };
}

describe('the block form', () => {
  it('turns typed lists into the contract’s lists, and back', () => {
    const result = blockInputOf(
      { ...EMPTY_BLOCK_FORM, name: ' Vote Centers ', body: '<p>Open 7 to 7.</p>', categories: 'Hours, Locations, Hours,', cc: 'a@alder.gov; b@alder.gov', subjectLine: '  ', examples: 'my ballot never came\n\n  where is my ballot \nmy ballot never came' },
      keep,
    );
    expect(result).toEqual({
      input: {
        name: ' Vote Centers ',
        body: '<p>Open 7 to 7.</p>',
        categories: ['Hours', 'Locations'],
        supportedContexts: ['outlook', 'gmail', 'text_input'],
        subjectLine: null,
        cc: ['a@alder.gov', 'b@alder.gov'],
        attachments: [],
        examples: ['my ballot never came', 'where is my ballot'],
        shortcut: null,
        showFrom: null,
        showUntil: null,
        variants: [],
        reviewEveryDays: 365,
      },
    });
    expect(formOfBlock(adminBlock({ examples: ['my ballot never came', 'where is my ballot'] })).examples).toBe('my ballot never came\nwhere is my ballot');
    const block = adminBlock({ cc: ['a@alder.gov'], subjectLine: 'Your ballot', attachments: [{ name: 'Map', url: 'https://alder.gov/map.pdf' }] });
    expect(formOfBlock(adminBlock({ owner: { id: 'e'.repeat(24), email: 'eve@alder.gov', name: null }, reviewEveryDays: 30 }))).toMatchObject({ owner: 'e'.repeat(24), reviewEveryDays: 30 });
    expect(formOfBlock(adminBlock())).toMatchObject({ owner: 'none', reviewEveryDays: 365 });
    expect(formOfBlock(block)).toMatchObject({ categories: 'Ballots', cc: 'a@alder.gov', subjectLine: 'Your ballot', attachments: [{ name: 'Map', url: 'https://alder.gov/map.pdf' }] });
  });

  it('names the field of each problem, and which item of a list', () => {
    const result = blockInputOf(
      { ...EMPTY_BLOCK_FORM, name: '', body: '<p></p>', supportedContexts: [], cc: 'ok@alder.gov, not an address', attachments: [{ name: 'Map', url: 'http://alder.gov/map.pdf' }] },
      keep,
    );
    expect('errors' in result && result.errors).toMatchObject({
      name: 'Name is required.',
      supportedContexts: 'Choose at least one place the block is used.',
      cc: 'Address 2 must be an email address.',
      attachments: 'Attachment 1’s address must be an https address.',
    });
    const examples = blockInputOf({ ...EMPTY_BLOCK_FORM, name: 'Fees', body: '<p>Fees</p>', examples: `fine\n${'q'.repeat(301)}` }, keep);
    expect('errors' in examples && examples.errors.examples).toMatch(/^Example question 2 must be at most 300 characters\.$/);
  });

  it('says every problem as a sentence about what the admin sees', () => {
    const result = blockInputOf({ ...EMPTY_BLOCK_FORM, name: 'x'.repeat(5000), body: '<p>Hi</p>', categories: 'Hours, Lo\u0007cations', subjectLine: 'Re:\tballot' }, keep);
    const errors = 'errors' in result ? result.errors : {};
    expect(errors.name).toMatch(/^Name must be at most [\d,]+ characters\.$/);
    expect(errors.categories).toBe('Category 2 must not contain control characters.');
    expect(errors.subjectLine).toBe('Subject line must be one line without tabs or direction controls.');
  });

  it('takes a shortcut trimmed, says what is wrong with one, and shows a shortcut another block has as its field’s error', () => {
    const valid = blockInputOf({ ...EMPTY_BLOCK_FORM, name: 'x', body: '<p>hi</p>', shortcut: ' ;vote ' }, keep);
    expect('input' in valid && valid.input.shortcut).toBe(';vote');
    const invalid = blockInputOf({ ...EMPTY_BLOCK_FORM, name: 'x', body: '<p>hi</p>', shortcut: 'vote now' }, keep);
    expect('errors' in invalid && invalid.errors.shortcut).toBe('Shortcut must be 2 to 32 characters without spaces, starting with a symbol such as ; / or #.');
    expect(formOfBlock(adminBlock({ shortcut: ';track' })).shortcut).toBe(';track');
    const taken = new ApiError(409, 'shortcut_taken', 'The shortcut ;vote is already used by the block "Hours". Choose another shortcut.');
    expect(shortcutErrorOf(taken)).toEqual({ shortcut: 'The shortcut ;vote is already used by the block "Hours". Choose another shortcut.' });
    expect(shortcutErrorOf(new ApiError(409, 'block_deleted', 'Deleted.'))).toBeNull();
  });

  it('sends each variant as typed, its content sanitised, and keeps its "needs update" mark', () => {
    const spanish = { language: 'es', name: 'Rastrear mi boleta', body: '<p>Puede <b>rastrear</b> su boleta.</p>', subjectLine: 'Su boleta', attachments: [], examples: ['ya llegó mi boleta?', 'la contaron?'], needsUpdate: true };
    const block = adminBlock({ variants: [spanish] });
    const form = formOfBlock(block);
    expect(form.variants).toEqual([{ ...spanish, examples: 'ya llegó mi boleta?\nla contaron?' }]);
    // Its example questions go back one per line, blank lines and repeats dropped.
    const asked = blockInputOf({ ...form, variants: [{ ...form.variants[0]!, examples: 'ya llegó mi boleta?\n\nla contaron?\nla contaron?' }] }, (html) => html);
    expect('input' in asked && asked.input.variants?.[0]?.examples).toEqual(['ya llegó mi boleta?', 'la contaron?']);
    const result = blockInputOf(
      { ...form, variants: [{ ...form.variants[0]!, subjectLine: '  ', body: '<p>Puede rastrear su boleta.</p><script>x</script>', attachments: [{ name: '', url: ' ' }, { name: 'Mapa', url: 'https://alder.gov/mapa.pdf' }] }] },
      (html) => html.replace(/<script>.*<\/script>/, ''),
    );
    expect('input' in result && result.input.variants).toEqual([
      { language: 'es', name: 'Rastrear mi boleta', body: '<p>Puede rastrear su boleta.</p>', subjectLine: null, attachments: [{ name: 'Mapa', url: 'https://alder.gov/mapa.pdf' }], examples: ['ya llegó mi boleta?', 'la contaron?'], needsUpdate: true },
    ]);
    const upToDate = blockInputOf({ ...form, variants: [{ ...form.variants[0]!, needsUpdate: false }] }, keep);
    expect('input' in upToDate && upToDate.input.variants?.[0]?.needsUpdate).toBe(false);
    expect(emptyVariant('fr')).toEqual({ language: 'fr', name: '', body: '', subjectLine: '', attachments: [], examples: '', needsUpdate: false });
  });

  it('puts a variant’s problems at its own fields, as the English fields are told', () => {
    const english = { ...EMPTY_BLOCK_FORM, name: 'Fees', body: '<p>Fees</p>' };
    const result = blockInputOf(
      {
        ...english,
        variants: [
          { ...emptyVariant('es'), body: '<p></p>', attachments: [{ name: 'Mapa', url: 'http://alder.gov/mapa.pdf' }] },
          { ...emptyVariant('fr'), name: 'Frais', body: '<p>Frais</p>', subjectLine: 'Re:\tfrais' },
        ],
      },
      keep,
    );
    expect('errors' in result && result.errors).toEqual({
      'variants.es.name': 'Name is required.',
      'variants.es.body': 'Block Content is required',
      'variants.es.attachments': 'Attachment 1’s address must be an https address.',
      'variants.fr.subjectLine': 'Subject line must be one line without tabs or direction controls.',
    });
    const english2 = blockInputOf({ ...english, variants: [{ ...emptyVariant('en'), name: 'Fees', body: '<p>Fees</p>' }] }, keep);
    expect('errors' in english2 && english2.errors).toEqual({ 'variants.en.language': "Language must not be en: the block's own text is its English text." });
    const twice = blockInputOf({ ...english, variants: [{ ...emptyVariant('es'), name: 'Tarifas', body: '<p>Tarifas</p>' }, { ...emptyVariant('es'), name: 'Tarifas', body: '<p>Tarifas</p>' }] }, keep);
    expect('errors' in twice && twice.errors).toEqual({ variants: 'Give each language at most one variant.' });
  });

  it('sanitises the body before it is checked and sent', () => {
    const result = blockInputOf({ ...EMPTY_BLOCK_FORM, name: 'x', body: '<p>hi</p><script>alert(1)</script>' }, (html) => html.replace(/<script>.*<\/script>/, ''));
    expect('input' in result && result.input.body).toBe('<p>hi</p>');
  });
});

describe('the library filters', () => {
  const blocks = [
    adminBlock({ _id: '64b0000000000000000000a1', name: 'track my ballot' }),
    adminBlock({ _id: '64b0000000000000000000a2', name: 'Éxito', body: '<p>Vote center hours</p>', categories: ['Hours'], supportedContexts: ['gmail'] }),
    adminBlock({ _id: '64b0000000000000000000a3', name: 'Archived reply', deleted: true, deletedAt: '2026-11-03T00:00:00.000Z' }),
  ];
  const none = { text: '', category: null, context: null, showDeleted: false };

  it('hides deleted blocks unless asked, and lists them last', () => {
    expect(filterAdminBlocks(blocks, none).map((block) => block.name)).toEqual(['Éxito', 'track my ballot']);
    expect(filterAdminBlocks(blocks, { ...none, showDeleted: true }).map((block) => block.name)).toEqual(['Éxito', 'track my ballot', 'Archived reply']);
  });

  it('finds words in the name or the body’s text, ignoring case, accents and markup', () => {
    expect(filterAdminBlocks(blocks, { ...none, text: 'EXITO' }).map((block) => block.name)).toEqual(['Éxito']);
    expect(filterAdminBlocks(blocks, { ...none, text: 'track online' }).map((block) => block.name)).toEqual(['track my ballot']);
    expect(filterAdminBlocks(blocks, { ...none, text: 'p' })).toEqual([]);
  });

  it('filters by category and by place', () => {
    expect(filterAdminBlocks(blocks, { ...none, category: 'Hours' }).map((block) => block.name)).toEqual(['Éxito']);
    expect(filterAdminBlocks(blocks, { ...none, context: 'outlook' }).map((block) => block.name)).toEqual(['track my ballot']);
  });
});

describe('the admin app’s routes', () => {
  it('signs in with the shared screens, sends a finished sign-in to the library, and an unknown path there too', () => {
    expect(resolveRouteIn(ADMIN_ROUTES, 'home', 'signed-out')).toEqual({ kind: 'redirect', to: 'login' });
    expect(resolveRouteIn(ADMIN_ROUTES, 'login', 'signed-in')).toEqual({ kind: 'redirect', to: 'home' });
    expect(resolveRouteIn(ADMIN_ROUTES, 'nowhere', 'signed-in')).toEqual({ kind: 'redirect', to: 'home' });
    for (const path of ['confirm-sign-in', 'set-up-authenticator', 'forgot-password-request', 'tips-screen', 'blocks/new', 'blocks/64b0000000000000000000a1', 'languages']) {
      expect(resolveRouteIn(ADMIN_ROUTES, path, 'signed-out').kind, path).not.toBe('wait');
    }
    expect(resolveRouteIn(ADMIN_ROUTES, 'splash-screen', 'signed-out')).toEqual({ kind: 'redirect', to: 'home' });
  });
});
