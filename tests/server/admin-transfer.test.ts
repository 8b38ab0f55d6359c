import { beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AdminBlock, BlockVersion } from '../../src/api/contract/admin';
import type { AuditPage } from '../../src/api/contract/audit';
import { BLOCK_CSV_COLUMNS, BLOCK_TRANSFER_LIMITS, type BlockExportFile, type BlockImportReport, type ExportedBlock } from '../../src/api/contract/admin-transfer';
import type { Database } from '../../server/db/database';
import { auditEvents, blocks, blockVersions } from '../../server/db/schema';
import { adminBlockBody, json } from './support/bodies';
import { freshWorld, type World } from './support/world';
import { makeSpanishDropBoxes } from '../fixtures/factories';

/**
 * A team's blocks exported as JSON and CSV and imported back: the files, the round trip (the same
 * blocks, and nothing written the second time), errors by row with nothing written, dry runs,
 * matching by id and by name, ids of other teams, versions, audit events, and what members see.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const teamBase = (teamId: string) => `/admin/accounts/${world.accountA.id}/teams/${teamId}`;
const elections = () => teamBase(world.elections.id);
const recorder = () => teamBase(world.recorder.id);
const members = () => `/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`;

async function create(base: string, overrides: Record<string, unknown> = {}): Promise<AdminBlock> {
  const response = await world.call(world.ada, `${base}/blocks`, json('POST', adminBlockBody(overrides)));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AdminBlock;
}

/** Sends a file as the admin app does, with its own Content-Type (the world's `call` sends JSON). */
async function importFile(base: string, body: string, type: string, query = ''): Promise<Response> {
  const token = await world.microsoft.idToken(world.ada.microsoftSub!);
  return world.app.request(`/api${base}/blocks/import${query}`, { method: 'POST', body, headers: { Authorization: `Bearer ${token}`, 'Content-Type': type } });
}

const importJson = (base: string, body: unknown, query = '') => importFile(base, JSON.stringify(body), 'application/json', query);
const importCsv = (base: string, csv: string, query = '') => importFile(base, csv, 'text/csv; charset=utf-8', query);

async function exported(base: string, format: 'json' | 'csv'): Promise<{ response: Response; text: string }> {
  const response = await world.call(world.ada, `${base}/blocks/export?format=${format}`);
  // As the bytes are: `text()` would drop the byte order mark.
  return { response, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

const exportJson = async (base: string) => JSON.parse((await exported(base, 'json')).text) as BlockExportFile;

async function reportOf(response: Response, status = 200): Promise<BlockImportReport & { error?: { code: string; message: string } }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as BlockImportReport & { error?: { code: string; message: string } };
}

async function counts() {
  const [versions] = await database.db.select({ n: count() }).from(blockVersions);
  const [events] = await database.db.select({ n: count() }).from(auditEvents);
  const [rows] = await database.db.select({ n: count() }).from(blocks);
  return { versions: versions!.n, events: events!.n, blocks: rows!.n };
}

const withoutId = ({ _id: _left, ...content }: ExportedBlock) => content;

/** Blocks that test the CSV's edges: formulas, apostrophes, quotes, commas, line breaks of both kinds. */
async function givenTrickyBlocks(): Promise<void> {
  await create(elections(), { name: '=SUM(1)', subjectLine: '+1 day', cc: [], attachments: [] });
  await create(elections(), { name: '-2 days', categories: ['Fees; payments', 'A, B and "C"'], body: '<p>Line one\r\nline two\nline "three"</p>' });
  await create(elections(), { name: "'=not a formula", categories: ['@home'], subjectLine: null, supportedContexts: ['text_input'] });
  await create(elections(), {
    name: 'Map <and> guide',
    attachments: [
      { name: 'Map <north> part', url: 'https://files.alder.test/north.pdf?a=1&b=2' },
      { name: 'Guide', url: 'https://files.alder.test/guide.pdf' },
    ],
    cc: ['a@alder.test', 'b@alder.test'],
  });
}

describe('GET .../blocks/export', () => {
  it('answers the live blocks as a JSON file, ordered by name, as an attachment', async () => {
    const zeta = await create(elections(), { name: 'zeta hours' });
    const alpha = await create(elections(), { name: 'Alpha hours', subjectLine: null, cc: [], attachments: [], examples: ['when do the drop boxes close'] });
    const gone = await create(elections(), { name: 'Gone block' });
    expect((await world.call(world.ada, `${elections()}/blocks/${gone._id}`, { method: 'DELETE', headers: { 'If-Match': '"1"' } })).status).toBe(200);
    const { response, text } = await exported(elections(), 'json');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="elections-blocks-${day}.json"`);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const file = JSON.parse(text) as BlockExportFile;
    expect(file).toMatchObject({ format: 'cannery-blocks', version: 1, team: { _id: world.elections.id, name: 'Elections' } });
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
    expect(file.blocks.map((block) => block.name)).toEqual(['Alpha hours', 'Ballot tracking', 'zeta hours']);
    expect(file.blocks[0]).toEqual({
      _id: alpha._id,
      name: 'Alpha hours',
      body: alpha.body,
      categories: ['Mail Ballots'],
      supportedContexts: ['outlook', 'gmail'],
      cc: [],
      subjectLine: null,
      attachments: [],
      examples: ['when do the drop boxes close'],
      shortcut: null,
      showFrom: null,
      showUntil: null,
      variants: [],
    });
    expect(file.blocks[2]).toMatchObject({ _id: zeta._id, cc: ['elections@alder.test'], attachments: [{ name: 'Drop box map.pdf', url: 'https://files.alder.test/drop-boxes.pdf' }] });
    expect(text).not.toContain('Gone block');
  });

  it('answers CSV with a byte order mark, the header, CRLF records, lists one item per line and the formula guard', async () => {
    await givenTrickyBlocks();
    const { response, text } = await exported(elections(), 'csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="elections-blocks-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header] = text.slice(1).split('\r\n');
    expect(header).toBe(BLOCK_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    expect(text.endsWith('\r\n')).toBe(true);
    // Formulas get an apostrophe; a cell that already starts with one before a formula gets another.
    expect(text).toContain(`"'=SUM(1)"`);
    expect(text).toContain(`"'+1 day"`);
    expect(text).toContain(`"'-2 days"`);
    expect(text).toContain(`"''=not a formula"`);
    expect(text).toContain(`"'@home"`);
    expect(text).toContain('"Fees; payments\nA, B and ""C"""');
    expect(text).toContain('"Map <north> part <https://files.alder.test/north.pdf?a=1&b=2>\nGuide <https://files.alder.test/guide.pdf>"');
    expect(text).toContain('"outlook\ngmail"');
  });

  it('answers 400 for an unknown format', async () => {
    const response = await world.call(world.ada, `${elections()}/blocks/export?format=xlsx`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('format');
  });
});

describe('export then import', () => {
  it.each(['json', 'csv'] as const)('gives the same blocks (%s): unchanged at home, created as they were in another team', async (format) => {
    await givenTrickyBlocks();
    const before = await exportJson(elections());
    const { text } = await exported(elections(), format);
    const send = (base: string, query = '') => (format === 'json' ? importFile(base, text, 'application/json', query) : importCsv(base, text, query));

    // Into the team it came from: nothing to do, no version, no audit event.
    const was = await counts();
    expect(await reportOf(await send(elections()))).toEqual({ dryRun: false, created: 0, updated: 0, unchanged: before.blocks.length, errors: [], errorCount: 0 });
    expect(await counts()).toEqual(was);
    expect((await exportJson(elections())).blocks).toEqual(before.blocks);

    // Into another team: the same blocks, new ids (its own block stays).
    expect(await reportOf(await send(recorder()))).toMatchObject({ created: before.blocks.length, updated: 0, unchanged: 0, errorCount: 0 });
    const copied = await exportJson(recorder());
    expect(copied.blocks.filter((block) => block.name !== 'Recording fees').map(withoutId)).toEqual(before.blocks.map(withoutId));
    expect(copied.blocks.some((block) => before.blocks.some((original) => original._id === block._id))).toBe(false);

    // And a second time: everything is unchanged.
    const after = await counts();
    expect(await reportOf(await send(recorder()))).toMatchObject({ created: 0, updated: 0, unchanged: before.blocks.length + 0 });
    expect(await counts()).toEqual(after);
  });
});

describe('POST .../blocks/import', () => {
  it('creates version 1 with a block.created event, and an update makes a new version with block.edited', async () => {
    const block = await create(elections(), { name: 'Polling hours' });
    const report = await reportOf(
      await importJson(elections(), [
        { _id: block._id, ...adminBlockBody({ name: 'Polling hours', body: '<p>Polls are open 7 a.m. to 8 p.m.</p>' }) },
        adminBlockBody({ name: 'Early voting' }),
      ]),
    );
    expect(report).toEqual({ dryRun: false, created: 1, updated: 1, unchanged: 0, errors: [], errorCount: 0 });
    const versions = (await (await world.call(world.ada, `${elections()}/blocks/${block._id}/versions`)).json()) as BlockVersion[];
    expect(versions.map((version) => [version.version, version.action, version.author?._id])).toEqual([
      [2, 'edited', world.ada.id],
      [1, 'created', world.ada.id],
    ]);
    expect(versions[0]!.body).toBe('<p>Polls are open 7 a.m. to 8 p.m.</p>');
    const audit = (await (await world.call(world.ada, `${elections()}/audit`)).json()) as AuditPage;
    const early = (await exportJson(elections())).blocks.find((row) => row.name === 'Early voting')!;
    expect(audit.events.slice(0, 2).map((event) => [event.action, event.entity._id, event.changes])).toEqual(
      expect.arrayContaining([
        ['block.edited', block._id, { fields: ['body'], version: 2, fromImport: true }],
        ['block.created', early._id, expect.objectContaining({ version: 1, fromImport: true })],
      ]),
    );
  });

  it('matches by name, trimmed and whatever the case, when there is no id', async () => {
    const report = await reportOf(await importJson(elections(), { blocks: [adminBlockBody({ name: '  BALLOT tracking ' })] }));
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const [row] = await database.db.select().from(blocks).where(eq(blocks.id, world.electionBlock.id));
    expect(row).toMatchObject({ name: 'BALLOT tracking', version: 2, body: adminBlockBody().body });
  });

  it('never touches a block of another team or account named by its id: it matches by name in this team instead', async () => {
    const foreign = [world.recorderBlock, world.birchBlock];
    const report = await reportOf(
      await importJson(
        elections(),
        foreign.map((block) => ({ ...adminBlockBody({ name: block.name }), _id: block.id })),
      ),
    );
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    for (const block of foreign) {
      const [row] = await database.db.select().from(blocks).where(eq(blocks.id, block.id));
      expect(row).toEqual(block);
    }
    const names = (await exportJson(elections())).blocks.map((block) => block.name);
    expect(names).toEqual(['Ballot tracking', 'Birch secret block', 'Recording fees']);
  });

  it('reports every bad row with its row and field, and writes nothing', async () => {
    const was = await counts();
    const response = await importJson(elections(), [
      adminBlockBody({ name: 'Fine block' }),
      adminBlockBody({ name: '   ' }),
      adminBlockBody({ supportedContexts: ['fax'], cc: ['not an address'] }),
      42,
      adminBlockBody({ name: 'Plain link', attachments: [{ name: 'Guide', url: 'http://files.alder.test/guide.pdf' }] }),
      { ...adminBlockBody({ name: 'Bad id' }), _id: 'not-an-id' },
      adminBlockBody({ name: 'Huge', body: 'x'.repeat(100_001) }),
      adminBlockBody({ name: 'Control\u0007 character' }),
    ]);
    const report = await reportOf(response, 422);
    expect(report.error?.code).toBe('invalid_rows');
    expect(report.error?.message).toContain('Nothing was imported: the file has 8 errors. Row 2 · name: Name is required.');
    expect(report.errors.map((error) => [error.row, error.field])).toEqual([
      [2, 'name'],
      [3, 'supportedContexts.0'],
      [3, 'cc.0'],
      [4, ''],
      [5, 'attachments.0.url'],
      [6, '_id'],
      [7, 'body'],
      [8, 'name'],
    ]);
    expect(report.errors.find((error) => error.row === 5)?.message).toBe('must be an https address');
    expect(report.errors.find((error) => error.row === 8)?.message).toBe('must not contain control characters');
    expect(report).toMatchObject({ dryRun: false, created: 1, errorCount: 8 });
    expect(await counts()).toEqual(was);
  });

  it('imports a spreadsheet with only name and body columns: each block is used in every place, with no categories, Cc or attachments', async () => {
    const csv = 'name,body\r\nDrop Box Hours,"<p>Drop boxes are open until 8 p.m.</p>"\r\nLate Ballots,<p>Ballots must arrive by Election Day.</p>\r\n';
    expect(await reportOf(await importCsv(elections(), csv, '?dryRun=true'))).toMatchObject({ created: 2, errorCount: 0 });
    expect(await reportOf(await importCsv(elections(), csv))).toMatchObject({ dryRun: false, created: 2, updated: 0, unchanged: 0, errors: [] });
    const imported = (await exportJson(elections())).blocks.find((block) => block.name === 'Drop Box Hours');
    expect(withoutId(imported!)).toEqual({
      name: 'Drop Box Hours',
      body: '<p>Drop boxes are open until 8 p.m.</p>',
      categories: [],
      supportedContexts: ['outlook', 'gmail', 'text_input'],
      cc: [],
      subjectLine: null,
      attachments: [],
      examples: [],
      shortcut: null,
      showFrom: null,
      showUntil: null,
      variants: [],
    });
    // The same file again changes nothing.
    expect(await reportOf(await importCsv(elections(), csv))).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('gives a JSON block without places every place, and names a real problem of a spreadsheet by row and column', async () => {
    const { supportedContexts: _left, ...withoutPlaces } = adminBlockBody({ name: 'No places given' });
    expect(await reportOf(await importJson(elections(), [withoutPlaces]))).toMatchObject({ created: 1 });
    expect((await exportJson(elections())).blocks.find((block) => block.name === 'No places given')?.supportedContexts).toEqual(['outlook', 'gmail', 'text_input']);

    const report = await reportOf(await importCsv(elections(), 'name,body,cc\r\nFine,<p>x</p>,\r\n,<p>y</p>,\r\nThird,<p>z</p>,not an address\r\n'), 422);
    expect(report.errors).toEqual([
      { row: 2, field: 'name', message: 'Name is required.' },
      { row: 3, field: 'cc.0', message: 'must be an email address' },
    ]);
    expect(report.error?.message).toContain('Row 2 · name: Name is required.');
  });

  it('numbers CSV rows by record after the header, a record of several lines counting once', async () => {
    const header = BLOCK_CSV_COLUMNS.join(',');
    const csv = [
      header,
      ',en,First,"<p>one\r\ntwo\r\nthree</p>",,outlook,,,,,,,',
      ',en,,<p>no name</p>,,outlook,,,,,,,',
      ',en,Third,<p>x</p>,,"outlook\nfax",,,Guide https://files.alder.test/guide.pdf,,,,',
      ',en,Fourth,<p>x</p>,,outlook',
      '',
    ].join('\r\n');
    const report = await reportOf(await importCsv(elections(), csv), 422);
    expect(report.errors).toEqual([
      { row: 2, field: 'name', message: 'Name is required.' },
      { row: 3, field: 'supportedContexts.1', message: 'must be outlook, gmail or text_input (one per line), not "fax"' },
      { row: 3, field: 'attachments.0', message: 'must be written as name <https://address>' },
      { row: 4, field: '', message: `has 6 cells; the header has ${BLOCK_CSV_COLUMNS.length}` },
    ]);
    expect((await database.db.select({ name: blocks.name }).from(blocks).where(eq(blocks.name, 'First'))).length).toBe(0);
  });

  it('with dryRun=true, reports what it would do and writes nothing', async () => {
    const was = await counts();
    const file = [adminBlockBody({ name: 'New one' }), adminBlockBody({ name: 'Ballot tracking' })];
    expect(await reportOf(await importJson(elections(), file, '?dryRun=true'))).toEqual({
      dryRun: true,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [],
      errorCount: 0,
    });
    expect(await counts()).toEqual(was);
    expect((await reportOf(await importJson(elections(), [adminBlockBody({ name: '' })], '?dryRun=true'), 422)).errors).toHaveLength(1);
  });

  it('refuses two rows naming the same block, by name or by id and name', async () => {
    const block = await create(elections(), { name: 'Drop boxes' });
    const report = await reportOf(
      await importJson(elections(), [
        adminBlockBody({ name: 'Brand new' }),
        adminBlockBody({ name: 'brand NEW' }),
        { ...adminBlockBody({ name: 'Drop boxes, renamed' }), _id: block._id },
        adminBlockBody({ name: 'Drop boxes' }),
        { ...adminBlockBody({ name: 'Again' }), _id: block._id },
      ]),
      422,
    );
    expect(report.errors).toEqual([
      { row: 2, field: 'name', message: 'This block has the same name as row 1.' },
      { row: 4, field: 'name', message: 'This row names the same block as row 3.' },
      { row: 5, field: '_id', message: 'This row names the same block as row 3.' },
    ]);
  });

  it('refuses a block found or created by a name another row gives a block it names by id', async () => {
    const block = await create(elections(), { name: 'Office hours' });
    const report = await reportOf(
      await importJson(elections(), [
        adminBlockBody({ name: 'Weekend hours' }),
        { ...adminBlockBody({ name: 'Weekend hours' }), _id: block._id },
      ]),
      422,
    );
    expect(report.errors).toEqual([{ row: 1, field: 'name', message: 'This block has the same name as row 2.' }]);
  });

  it('refuses, by row, a shortcut another row gives or a block the file leaves alone has, and writes nothing', async () => {
    await create(elections(), { name: 'Office hours', shortcut: ';hours' });
    const before = await counts();
    const report = await reportOf(
      await importJson(elections(), [
        adminBlockBody({ name: 'Drop boxes', shortcut: ';drop' }),
        adminBlockBody({ name: 'Vote centers', shortcut: ';DROP' }),
        adminBlockBody({ name: 'Weekend hours', shortcut: ';Hours' }),
      ]),
      422,
    );
    expect(report.errors).toEqual([
      { row: 2, field: 'shortcut', message: 'This block has the same shortcut as row 1.' },
      { row: 3, field: 'shortcut', message: 'The shortcut ;Hours is already used by the block "Office hours". Choose another shortcut.' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('lets two blocks swap their shortcuts, and a block take the shortcut another one gives up', async () => {
    const hours = await create(elections(), { name: 'Office hours', shortcut: ';hours' });
    const drop = await create(elections(), { name: 'Drop boxes', shortcut: ';drop' });
    const late = await create(elections(), { name: 'Late ballots', shortcut: ';late' });
    const report = await reportOf(
      await importJson(elections(), [
        { ...adminBlockBody({ name: 'Office hours', shortcut: ';drop' }), _id: hours._id },
        { ...adminBlockBody({ name: 'Drop boxes', shortcut: ';hours' }), _id: drop._id },
        { ...adminBlockBody({ name: 'Late ballots' }), _id: late._id },
        adminBlockBody({ name: 'Postmarks', shortcut: ';late' }),
      ]),
    );
    expect(report).toMatchObject({ created: 1, updated: 3, errorCount: 0 });
    const after = await exportJson(elections());
    const shortcutOf = (name: string) => after.blocks.find((block) => block.name === name)?.shortcut;
    expect([shortcutOf('Office hours'), shortcutOf('Drop boxes'), shortcutOf('Late ballots'), shortcutOf('Postmarks')]).toEqual([';drop', ';hours', null, ';late']);
    // Each changed block has one new version; the first still holds the shortcut it had before.
    const versions = await database.db.select().from(blockVersions).where(eq(blockVersions.blockId, hours._id));
    expect(versions.map(({ version, shortcut }) => [version, shortcut]).sort()).toEqual([[1, ';hours'], [2, ';drop']]);
  });

  it('asks for the id when two live blocks of the team share the name', async () => {
    await create(elections(), { name: 'Twins' });
    await create(elections(), { name: 'twins' });
    const report = await reportOf(await importJson(elections(), [adminBlockBody({ name: 'TWINS' })]), 422);
    expect(report.errors).toEqual([{ row: 1, field: 'name', message: '2 blocks of the team are named "TWINS": give the _id of the one to change.' }]);
  });

  it("moves the members' list version: their conditional GET is a 200 with the new block", async () => {
    const before = await world.call(world.alice, members());
    const etag = before.headers.get('ETag')!;
    expect((await world.call(world.alice, members(), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await reportOf(await importJson(elections(), [adminBlockBody({ name: 'Imported for members' })]));
    const after = await world.call(world.alice, members(), { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as Array<{ name: string }>).map((block) => block.name)).toContain('Imported for members');
  });

  it('answers the wrong Content-Type, broken files, no blocks and too many with a clear 4xx and writes nothing', async () => {
    const was = await counts();
    const problem = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error: { code: string; message: string } }).error });
    expect(await problem(await importFile(elections(), 'name\nx', 'text/plain'))).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    expect(await problem(await importFile(elections(), '[{"name":', 'application/json'))).toMatchObject({ status: 400, message: 'The file is not valid JSON.' });
    expect(await problem(await importJson(elections(), 'blocks'))).toMatchObject({ status: 400 });
    expect(await problem(await importJson(elections(), { format: 'other', blocks: [] }))).toMatchObject({ status: 400, message: expect.stringContaining('format') });
    expect(await problem(await importJson(elections(), { blocks: 'none' }))).toMatchObject({ status: 400, message: expect.stringContaining('blocks') });
    expect(await problem(await importJson(elections(), []))).toMatchObject({ status: 400, message: 'The file has no blocks.' });
    const header = BLOCK_CSV_COLUMNS.join(',');
    expect(await problem(await importCsv(elections(), `${header}\r\n,"unclosed,<p>x</p>,,outlook,,,\r\n`))).toMatchObject({
      status: 400,
      code: 'invalid_csv',
      message: 'The CSV file cannot be read. Row 1: a quoted cell is not closed.',
    });
    expect(await problem(await importCsv(elections(), `${header},colour\r\n,a,b,,outlook,,,,red\r\n`))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Unknown column "colour"'),
    });
    expect(await problem(await importCsv(elections(), 'name,categories\r\nA,Fees\r\n'))).toMatchObject({
      status: 400,
      message: 'The CSV file cannot be read. Missing column body: every block needs a name and a body.',
    });
    expect(await problem(await importCsv(elections(), ''))).toMatchObject({ status: 400, code: 'invalid_csv' });
    const token = await world.microsoft.idToken(world.ada.microsoftSub!);
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${header}\r\n,Caf`), 0xe9, ...new TextEncoder().encode(',<p>x</p>,,outlook,,,\r\n')]);
    const legacy = await world.app.request(`/api${elections()}/blocks/import`, { method: 'POST', body: latin1, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' } });
    expect(await problem(legacy)).toMatchObject({ status: 400, code: 'invalid_encoding', message: 'The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8".' });
    const many = Array.from({ length: BLOCK_TRANSFER_LIMITS.rows + 1 }, (_, index) => ({ name: `Block ${index}`, body: 'x', supportedContexts: ['outlook'] }));
    expect(await problem(await importJson(elections(), many))).toMatchObject({
      status: 400,
      code: 'too_many_rows',
      message: 'A file can hold at most 1,000 blocks; this one has 1,001. Split it into smaller files.',
    });
    const huge = [adminBlockBody({ body: 'x'.repeat(BLOCK_TRANSFER_LIMITS.fileBytes) })];
    expect(await problem(await importJson(elections(), huge))).toMatchObject({ status: 413, message: 'Import files are limited to 4 MB. Split the file into smaller ones.' });
    expect(await counts()).toEqual(was);
  });

  it('imports a file of as many blocks as one may hold, and then finds them all unchanged', async () => {
    const file = Array.from({ length: BLOCK_TRANSFER_LIMITS.rows }, (_, index) => adminBlockBody({ name: `Bulk block ${index}` }));
    expect(await reportOf(await importJson(elections(), file))).toMatchObject({ created: BLOCK_TRANSFER_LIMITS.rows });
    expect(await reportOf(await importJson(elections(), file))).toMatchObject({ created: 0, updated: 0, unchanged: BLOCK_TRANSFER_LIMITS.rows });
    // A thousand blocks, versions and audit events, one at a time on the embedded database: slow, but well within a minute.
  }, 60_000);

  it('takes a file larger than the rest of the API does, up to its own limit', async () => {
    const file = Array.from({ length: 40 }, (_, index) => adminBlockBody({ name: `Long block ${index}`, body: `<p>${'y'.repeat(20_000)}</p>` }));
    expect(JSON.stringify(file).length).toBeGreaterThan(256 * 1024);
    expect(await reportOf(await importJson(elections(), file))).toMatchObject({ created: 40 });
    const live = await database.db.select({ n: count() }).from(blocks).where(and(eq(blocks.teamId, world.elections.id), isNull(blocks.deletedAt)));
    expect(live[0]!.n).toBe(41);
  });
});

describe('variants in a block file', () => {
  const spanish = makeSpanishDropBoxes();
  const withSpanish = () => create(elections(), { name: 'Drop boxes', variants: [spanish] });

  async function latestVersion(blockId: string): Promise<BlockVersion> {
    const versions = (await (await world.call(world.ada, `${elections()}/blocks/${blockId}/versions`)).json()) as BlockVersion[];
    return versions[0]!;
  }
  async function latestEvent(blockId: string) {
    const audit = (await (await world.call(world.ada, `${elections()}/audit`)).json()) as AuditPage;
    return audit.events.find((event) => event.entity._id === blockId)!;
  }
  const variantsOf = async (blockId: string) => (await exportJson(elections())).blocks.find((block) => block._id === blockId)!.variants;

  it('exports a Spanish variant as its own CSV record, and the same file imported back changes nothing', async () => {
    const block = await withSpanish();
    const { text } = await exported(elections(), 'csv');
    const records = text.slice(1).split('\r\n');
    const english = records.findIndex((record) => record.startsWith(`"${block._id}","en","Drop boxes"`));
    expect(english).toBeGreaterThan(0);
    expect(records[english + 1]).toBe(
      `"${block._id}","es","Buzones de boletas","${spanish.body}","","","","Buzones de boletas","Mapa de buzones.pdf <https://files.alder.test/buzones.pdf>","","¿dónde están los buzones?","",""`,
    );
    const before = await exportJson(elections());
    const was = await counts();
    expect(await reportOf(await importCsv(elections(), text))).toMatchObject({ created: 0, updated: 0, unchanged: before.blocks.length, errorCount: 0 });
    expect(await counts()).toEqual(was);
    expect((await exportJson(elections())).blocks).toEqual(before.blocks);
    // Into another team: the block arrives with its variant.
    expect(await reportOf(await importCsv(recorder(), text))).toMatchObject({ created: before.blocks.length });
    const copy = (await exportJson(recorder())).blocks.find((row) => row.name === 'Drop boxes')!;
    expect(copy.variants).toEqual([{ ...spanish, needsUpdate: false }]);
  });

  it('keeps a variant’s needs-update mark through an export and import, in CSV and JSON', async () => {
    const block = await withSpanish();
    const edited = await world.call(world.ada, `${elections()}/blocks/${block._id}`, json('PUT', adminBlockBody({ name: 'Drop boxes', body: '<p>Drop boxes close at 7 p.m.</p>', variants: [spanish] }), { 'If-Match': '"1"' }));
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await variantsOf(block._id)).toEqual([{ ...spanish, needsUpdate: true }]);
    const was = await counts();
    for (const format of ['csv', 'json'] as const) {
      const { text } = await exported(elections(), format);
      const report = await reportOf(format === 'csv' ? await importCsv(elections(), text) : await importFile(elections(), text, 'application/json'));
      expect(report).toMatchObject({ updated: 0, errorCount: 0 });
    }
    expect(await counts()).toEqual(was);
    expect(await variantsOf(block._id)).toEqual([{ ...spanish, needsUpdate: true }]);
  });

  it('changes the variant whose body is edited in the CSV, and the history says Spanish changed', async () => {
    const block = await withSpanish();
    const { text } = await exported(elections(), 'csv');
    const newBody = '<p>Los buzones cierran a las 7 p.m.</p>';
    expect(await reportOf(await importCsv(elections(), text.replace(spanish.body, newBody)))).toMatchObject({ created: 0, updated: 1, errorCount: 0 });
    expect(await variantsOf(block._id)).toEqual([{ ...spanish, body: newBody, needsUpdate: false }]);
    expect(await latestVersion(block._id)).toMatchObject({ version: 2, action: 'edited', languagesChanged: ['es'], body: block.body });
    expect((await latestEvent(block._id)).changes).toEqual({ fields: ['variants.es'], version: 2, fromImport: true });
  });

  it('marks the Spanish variant as needing an update when only the English body is edited in the CSV', async () => {
    const block = await withSpanish();
    const { text } = await exported(elections(), 'csv');
    expect(await reportOf(await importCsv(elections(), text.replace(block.body, '<p>Drop boxes close at 7 p.m.</p>')))).toMatchObject({ updated: 1 });
    expect(await variantsOf(block._id)).toEqual([{ ...spanish, needsUpdate: true }]);
    expect(await latestVersion(block._id)).toMatchObject({ languagesChanged: ['en'] });
    expect((await latestEvent(block._id)).changes).toMatchObject({ fields: ['body', 'variants.es.needsUpdate'] });
  });

  it('keeps the variants of blocks a file says nothing of them for: a CSV without the language column, a JSON block without variants', async () => {
    const block = await withSpanish();
    const old = 'name,body\r\nDrop boxes,<p>Drop boxes close at 7 p.m.</p>\r\n';
    expect(await reportOf(await importCsv(elections(), old))).toMatchObject({ updated: 1 });
    expect(await variantsOf(block._id)).toEqual([{ ...spanish, needsUpdate: true }]);
    expect(await reportOf(await importJson(elections(), [adminBlockBody({ name: 'Drop boxes', body: '<p>Drop boxes close at 6 p.m.</p>' })]))).toMatchObject({ updated: 1 });
    expect(await variantsOf(block._id)).toEqual([{ ...spanish, needsUpdate: true }]);
  });

  it('removes a variant whose rows a file with the language column leaves out', async () => {
    const block = await withSpanish();
    const { text } = await exported(elections(), 'csv');
    const withoutSpanish = text
      .split('\r\n')
      .filter((record) => !record.startsWith(`"${block._id}","es"`))
      .join('\r\n');
    expect(await reportOf(await importCsv(elections(), withoutSpanish))).toMatchObject({ updated: 1 });
    expect(await variantsOf(block._id)).toEqual([]);
    expect(await latestVersion(block._id)).toMatchObject({ languagesChanged: ['es'] });
  });

  it('names a variant’s errors by its row and language, and writes nothing', async () => {
    const was = await counts();
    const csv = ['name,language,body,subjectLine', 'Drop boxes,en,<p>Open until 8.</p>,', 'Buzones,es,,', 'Boîtes,fr,<p>Ouvertes</p>,', 'Kästen,fr,<p>Offen</p>,', 'Caixas,xx,<p>Abertas</p>,'].join('\r\n');
    const report = await reportOf(await importCsv(elections(), csv), 422);
    expect(report.errors).toEqual([
      { row: 2, language: 'es', field: 'body', message: 'Block Content is required' },
      { row: 4, language: 'fr', field: 'language', message: 'The block of row 1 already has a French row: row 3.' },
      { row: 5, field: 'language', message: 'must be one of en (English), es (Spanish), fr (French), de (German), it (Italian), pt (Portuguese), not "xx"' },
    ]);
    expect(report.error?.message).toBe(
      'Nothing was imported: the file has 3 errors. Row 2 (es) · body: Block Content is required; Row 4 (fr) · language: The block of row 1 already has a French row: row 3.; ' +
        'Row 5 · language: The value must be one of en (English), es (Spanish), fr (French), de (German), it (Italian), pt (Portuguese), not "xx".',
    );
    const jsonReport = await reportOf(await importJson(elections(), [adminBlockBody({ variants: [{ ...spanish, body: ' ' }, { ...spanish, language: 'en' }] })]), 422);
    expect(jsonReport.errors).toEqual([
      { row: 1, language: 'es', field: 'variants.0.body', message: 'Block Content is required' },
      { row: 1, language: 'en', field: 'variants.1.language', message: "must not be en: the block's own text is its English text" },
    ]);
    expect(await counts()).toEqual(was);
  });
});
