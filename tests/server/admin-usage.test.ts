import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { UsageReport } from '../../src/api/contract/admin';
import { usageCsvOf, usagePeriod } from '../../server/library/usage';
import type { Database } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import { recordedChecklists, teams } from '../../server/db/schema';
import { sentAutoResponses, sessions } from '../../server/db/records-schema';
import { givenBlock } from './support/given';
import { freshWorld, type World } from './support/world';

/**
 * The admin API's usage report and CSV export, against a known history: uses, checklist runs and
 * sessions of the Elections team in October 2026, next to records of the Recorder team, of another
 * account, of a forged account/team pair and of the days just outside the period, none of which
 * may count. Days are UTC.
 */
let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const base = () => `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}`;
const asAda = (path: string) => world.call(world.ada, path);
const OCTOBER = '?from=2026-10-01&to=2026-10-31';
const REMOVED_USER = 'd'.repeat(24);
const GONE_BLOCK = 'e'.repeat(24);

interface Use {
  at: string;
  block: { id: string; name: string };
  user: { id: string; email: string };
  host: string;
  uiSource: string;
  account?: string;
  team?: string;
  /** The language of the text inserted; left out: the block's own (English). */
  language?: string;
}

async function givenUses(uses: Use[]): Promise<void> {
  await database.db.insert(sentAutoResponses).values(
    uses.map((use) => ({
      id: newId(),
      accountId: use.account ?? world.accountA.id,
      teamId: use.team ?? world.elections.id,
      userId: use.user.id,
      userEmail: use.user.email,
      autoResponseId: use.block.id,
      autoResponseName: use.block.name,
      autoResponseContent: '<p>Body</p>',
      timeSent: new Date(use.at),
      contextUsed: use.host,
      uiSource: use.uiSource,
      ...(use.language ? { language: use.language } : {}),
    })),
  );
}

/** The known history: see each count in the test below. */
async function givenHistory() {
  const { db } = database;
  const alice = world.alice;
  const ada = world.ada;
  const ballot = world.electionBlock;
  const oldHours = await givenBlock(db, world.elections, { name: 'Old polling hours', deletedAt: new Date('2026-10-20T00:00:00Z') });
  const removed = { id: REMOVED_USER, email: 'gone@alder.test' };
  await givenUses([
    { at: '2026-10-05T10:00:00.000Z', block: ballot, user: alice, host: 'outlook', uiSource: 'recommended' },
    // The last millisecond of 5 October, and the first of the 6th: UTC days.
    { at: '2026-10-05T23:59:59.999Z', block: ballot, user: alice, host: 'gmail', uiSource: 'search' },
    { at: '2026-10-06T00:00:00.000Z', block: ballot, user: { id: ada.id, email: 'old-ada@alder.test' }, host: 'text_input', uiSource: 'search' },
    // Its Spanish version.
    { at: '2026-10-12T08:00:00.000Z', block: ballot, user: ada, host: 'outlook', uiSource: 'frequently_used', language: 'es' },
    { at: '2026-10-20T16:00:00.000Z', block: ballot, user: removed, host: 'gmail', uiSource: 'unknown' },
    { at: '2026-10-06T12:00:00.000Z', block: oldHours, user: alice, host: 'outlook', uiSource: 'std_scrollable_list' },
    // A block no longer in the database: its latest recorded name stands for it.
    { at: '2026-10-07T09:00:00.000Z', block: { id: GONE_BLOCK, name: 'Retired block' }, user: alice, host: 'outlook', uiSource: 'phone_flow' },
    { at: '2026-10-08T09:00:00.000Z', block: { id: GONE_BLOCK, name: 'Retired block v2' }, user: alice, host: 'outlook', uiSource: 'phone_flow' },
    // Outside the period by a millisecond.
    { at: '2026-09-30T23:59:59.999Z', block: ballot, user: alice, host: 'outlook', uiSource: 'search' },
    { at: '2026-11-01T00:00:00.000Z', block: ballot, user: alice, host: 'outlook', uiSource: 'search' },
    // Another team of the account, another account, and a record naming this team under another account.
    { at: '2026-10-05T10:00:00.000Z', block: world.recorderBlock, user: ada, host: 'outlook', uiSource: 'search', team: world.recorder.id },
    { at: '2026-10-05T10:00:00.000Z', block: world.birchBlock, user: world.bob, host: 'outlook', uiSource: 'search', account: world.accountB.id, team: world.birchTeam.id },
    { at: '2026-10-05T10:00:00.000Z', block: ballot, user: world.bob, host: 'outlook', uiSource: 'search', account: world.accountB.id },
  ]);

  const run = (start: string, end: string | null, overrides: Partial<typeof recordedChecklists.$inferInsert> = {}) => ({
    id: newId(),
    accountId: world.accountA.id,
    teamId: world.elections.id,
    userId: alice.id,
    phoneFlowId: world.electionChecklist.id,
    name: 'Replacement ballot',
    tasks: [{ name: 'Confirm identity', completed: end !== null }],
    userEmail: alice.email,
    startTime: new Date(start),
    endTime: end === null ? null : new Date(end),
    ...overrides,
  });
  await db.insert(recordedChecklists).values([
    run('2026-10-03T10:00:00Z', '2026-10-03T10:05:00Z'), // started and completed
    run('2026-10-10T10:00:00Z', null), // started, not completed
    run('2026-09-30T23:00:00Z', '2026-10-01T00:10:00Z'), // completed only
    run('2026-10-31T23:50:00Z', '2026-11-01T00:05:00Z'), // started only
    run('2026-09-01T10:00:00Z', '2026-09-01T10:05:00Z'), // neither
    run('2026-10-05T10:00:00Z', '2026-10-05T10:05:00Z', { teamId: world.recorder.id, phoneFlowId: world.recorderChecklist.id }),
    run('2026-10-05T10:00:00Z', '2026-10-05T10:05:00Z', { accountId: world.accountB.id, userId: world.bob.id }),
  ]);

  const session = (userId: string, teamIds: string[], start: string, end: string, accountId = world.accountA.id) => ({
    id: newId(),
    accountId,
    userId,
    userSub: `sub-${userId}`,
    startTime: new Date(start),
    endTime: new Date(end),
    context: 'outlook',
    teams: teamIds,
    userEmail: 'someone@alder.test',
    updateInterval: 300_000,
  });
  const E = world.elections.id;
  await db.insert(sessions).values([
    session(alice.id, [E], '2026-10-02T10:00:00Z', '2026-10-02T10:30:00Z'), // 30 minutes
    session(alice.id, [E], '2026-10-09T09:00:00Z', '2026-10-09T09:45:00Z'), // 45
    session(ada.id, [world.recorder.id, E], '2026-10-09T13:00:00Z', '2026-10-09T13:20:30Z'), // 20.5
    session(ada.id, [world.recorder.id], '2026-10-09T14:00:00Z', '2026-10-09T15:00:00Z'), // another team
    session(alice.id, [E], '2026-09-30T23:30:00Z', '2026-10-01T00:30:00Z'), // started before the period
    session(world.bob.id, [E], '2026-10-09T09:00:00Z', '2026-10-09T10:00:00Z', world.accountB.id), // another account
  ]);
  return { oldHours };
}

async function report(query: string): Promise<UsageReport> {
  const response = await asAda(`${base()}/usage${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  return (await response.json()) as UsageReport;
}

/** The fields of an RFC 4180 file, CRLF lines, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i += 1;
    } else field += char;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** The file's text after its UTF-8 byte order mark (which `Response.text()` would drop unseen). */
async function csvText(body: Response): Promise<string> {
  const bytes = new Uint8Array(await body.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
}

describe('GET .../usage', () => {
  it('counts the team’s uses, checklist runs and sessions of the period exactly, and nothing of other teams or accounts', async () => {
    const { oldHours } = await givenHistory();
    const usage = await report(OCTOBER);
    const ballot = world.electionBlock;
    expect(usage).toMatchObject({ team: { _id: world.elections.id, name: 'Elections' }, from: '2026-10-01', to: '2026-10-31', interval: 'day', timeZone: 'UTC' });
    expect(usage.totals).toEqual({ uses: 8, blocks: 3, users: 3 });

    const ballotSeries = Array.from({ length: 31 }, () => 0);
    ballotSeries[4] = 2; // 5 October
    ballotSeries[5] = 1;
    ballotSeries[11] = 1;
    ballotSeries[19] = 1;
    const oldSeries = Array.from({ length: 31 }, (_, day) => (day === 5 ? 1 : 0));
    const goneSeries = Array.from({ length: 31 }, (_, day) => (day === 6 || day === 7 ? 1 : 0));
    expect(usage.blocks).toEqual([
      {
        _id: ballot.id,
        name: 'Ballot tracking',
        deleted: false,
        uses: 5,
        series: ballotSeries,
        languages: [
          { language: 'en', uses: 4 },
          { language: 'es', uses: 1 },
        ],
      },
      { _id: GONE_BLOCK, name: 'Retired block v2', deleted: true, uses: 2, series: goneSeries, languages: [{ language: 'en', uses: 2 }] },
      { _id: oldHours.id, name: 'Old polling hours', deleted: true, uses: 1, series: oldSeries, languages: [{ language: 'en', uses: 1 }] },
    ]);

    expect(usage.intervals).toHaveLength(31);
    expect(usage.intervals[0]).toEqual({ start: '2026-10-01', end: '2026-10-01', uses: 0 });
    expect(usage.intervals.filter((entry) => entry.uses > 0)).toEqual([
      { start: '2026-10-05', end: '2026-10-05', uses: 2 },
      { start: '2026-10-06', end: '2026-10-06', uses: 2 },
      { start: '2026-10-07', end: '2026-10-07', uses: 1 },
      { start: '2026-10-08', end: '2026-10-08', uses: 1 },
      { start: '2026-10-12', end: '2026-10-12', uses: 1 },
      { start: '2026-10-20', end: '2026-10-20', uses: 1 },
    ]);

    // The current address of a user, the recorded one of a user no longer there.
    expect(usage.users).toEqual([
      { _id: world.alice.id, email: 'alice@alder.test', uses: 5 },
      { _id: world.ada.id, email: 'ada@alder.test', uses: 2 },
      { _id: REMOVED_USER, email: 'gone@alder.test', uses: 1 },
    ]);
    expect(usage.uiSources).toEqual([
      { uiSource: 'phone_flow', uses: 2 },
      { uiSource: 'search', uses: 2 },
      { uiSource: 'frequently_used', uses: 1 },
      { uiSource: 'recommended', uses: 1 },
      { uiSource: 'std_scrollable_list', uses: 1 },
      { uiSource: 'unknown', uses: 1 },
    ]);
    expect(usage.hosts).toEqual([
      { host: 'outlook', uses: 5 },
      { host: 'gmail', uses: 2 },
      { host: 'text_input', uses: 1 },
    ]);
    // Other teams' and accounts' uses count in no language either.
    expect(usage.languages).toEqual([
      { language: 'en', uses: 7 },
      { language: 'es', uses: 1 },
    ]);
    expect(usage.checklists).toEqual({ started: 3, completed: 2 });
    expect(usage.sessions).toEqual({ count: 3, users: 2, minutes: 96 });
  });

  it('reports a use of a block’s Spanish version under Spanish, for the block and for the team', async () => {
    const ballot = world.electionBlock;
    await givenUses([
      { at: '2026-10-05T10:00:00.000Z', block: ballot, user: world.alice, host: 'gmail', uiSource: 'recommended', language: 'es' },
      { at: '2026-10-06T10:00:00.000Z', block: ballot, user: world.alice, host: 'gmail', uiSource: 'recommended', language: 'es' },
      { at: '2026-10-07T10:00:00.000Z', block: ballot, user: world.ada, host: 'outlook', uiSource: 'search' },
      // Spanish uses of another team's block are not this team's.
      { at: '2026-10-07T10:00:00.000Z', block: world.recorderBlock, user: world.ada, host: 'outlook', uiSource: 'search', team: world.recorder.id, language: 'es' },
    ]);
    const usage = await report(OCTOBER);
    expect(usage.blocks.map((block) => [block.name, block.languages])).toEqual([
      [
        'Ballot tracking',
        [
          { language: 'es', uses: 2 },
          { language: 'en', uses: 1 },
        ],
      ],
    ]);
    expect(usage.languages).toEqual([
      { language: 'es', uses: 2 },
      { language: 'en', uses: 1 },
    ]);
  });

  it('buckets by ISO week (Monday to Sunday), the first and last week cut to the period', async () => {
    await givenHistory();
    const usage = await report(`${OCTOBER}&interval=week`);
    expect(usage.interval).toBe('week');
    expect(usage.intervals).toEqual([
      { start: '2026-10-01', end: '2026-10-04', uses: 0 },
      { start: '2026-10-05', end: '2026-10-11', uses: 6 },
      { start: '2026-10-12', end: '2026-10-18', uses: 1 },
      { start: '2026-10-19', end: '2026-10-25', uses: 1 },
      { start: '2026-10-26', end: '2026-10-31', uses: 0 },
    ]);
    expect(usage.blocks.map((block) => [block.name, block.series])).toEqual([
      ['Ballot tracking', [0, 3, 1, 1, 0]],
      ['Retired block v2', [0, 2, 0, 0, 0]],
      ['Old polling hours', [0, 1, 0, 0, 0]],
    ]);
    // The same totals as by day.
    expect(usage.totals).toEqual({ uses: 8, blocks: 3, users: 3 });
  });

  it('covers one day, and counts nothing for a team without records', async () => {
    await givenHistory();
    const day = await report('?from=2026-10-05&to=2026-10-05');
    expect(day.totals).toEqual({ uses: 2, blocks: 1, users: 1 });
    expect(day.intervals).toEqual([{ start: '2026-10-05', end: '2026-10-05', uses: 2 }]);
    expect(day.sessions).toEqual({ count: 0, users: 0, minutes: 0 });

    const response = await world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.recorder.id}/usage?from=2026-11-01&to=2026-11-30&interval=week`);
    const empty = (await response.json()) as UsageReport;
    expect(empty).toMatchObject({
      totals: { uses: 0, blocks: 0, users: 0 },
      blocks: [],
      users: [],
      uiSources: [],
      hosts: [],
      languages: [],
      checklists: { started: 0, completed: 0 },
      sessions: { count: 0, users: 0, minutes: 0 },
    });
    expect(empty.intervals.every((entry) => entry.uses === 0)).toBe(true);
  });

  it('covers the last 30 days up to today (UTC) by default', async () => {
    await database.db.insert(sentAutoResponses).values({
      id: newId(),
      accountId: world.accountA.id,
      teamId: world.elections.id,
      userId: world.alice.id,
      userEmail: world.alice.email,
      autoResponseId: world.electionBlock.id,
      autoResponseName: world.electionBlock.name,
      autoResponseContent: '',
      timeSent: new Date(),
      contextUsed: 'outlook',
      uiSource: 'search',
    });
    const usage = await report('');
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.to).toBe(today);
    expect(usage.from).toBe(new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
    expect(usage.intervals).toHaveLength(30);
    expect(usage.totals.uses).toBe(1);
  });

  it('takes 366 days, and refuses more, a period that ends before it starts, days that do not exist and unknown intervals', async () => {
    expect((await report('?from=2024-01-01&to=2024-12-31')).intervals).toHaveLength(366);
    for (const query of ['?from=2024-01-01&to=2025-01-01', '?from=2026-10-02&to=2026-10-01', '?from=2026-02-29&to=2026-03-01', '?from=2026-13-01', '?to=20261001', '?interval=month', '?interval=', '?from=2026-10-01T00:00:00Z']) {
      const response = await asAda(`${base()}/usage${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    }
  });

  it('resolves a period from either end alone', () => {
    const now = new Date('2026-11-23T04:00:00Z');
    expect(usagePeriod({}, now)).toMatchObject({ from: '2026-10-25', to: '2026-11-23' });
    expect(usagePeriod({ to: '2026-03-01' }, now)).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
    expect(usagePeriod({ from: '2026-11-01' }, now)).toMatchObject({ from: '2026-11-01', to: '2026-11-23', start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-24T00:00:00Z') });
  });
});

describe('GET .../usage.csv', () => {
  it('exports one row per use of the period, oldest first, as an RFC 4180 attachment named for the team and period', async () => {
    await database.db.update(teams).set({ name: 'Élections & "Votes"' }).where(eq(teams.id, world.elections.id));
    await givenHistory();
    const response = await asAda(`${base()}/usage.csv${OCTOBER}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="elections-votes-usage-2026-10-01-2026-10-31.csv"');
    expect(response.headers.get('X-Usage-Truncated')).toBeNull();
    const text = await csvText(response);
    expect(text.startsWith('"time","blockId","blockName","userEmail","uiSource","host","language"\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['time', 'blockId', 'blockName', 'userEmail', 'uiSource', 'host', 'language']);
    expect(rows.slice(1)).toEqual([
      ['2026-10-05T10:00:00.000Z', world.electionBlock.id, 'Ballot tracking', 'alice@alder.test', 'recommended', 'outlook', 'en'],
      ['2026-10-05T23:59:59.999Z', world.electionBlock.id, 'Ballot tracking', 'alice@alder.test', 'search', 'gmail', 'en'],
      ['2026-10-06T00:00:00.000Z', world.electionBlock.id, 'Ballot tracking', 'ada@alder.test', 'search', 'text_input', 'en'],
      ['2026-10-06T12:00:00.000Z', expect.any(String), 'Old polling hours', 'alice@alder.test', 'std_scrollable_list', 'outlook', 'en'],
      ['2026-10-07T09:00:00.000Z', GONE_BLOCK, 'Retired block', 'alice@alder.test', 'phone_flow', 'outlook', 'en'],
      ['2026-10-08T09:00:00.000Z', GONE_BLOCK, 'Retired block v2', 'alice@alder.test', 'phone_flow', 'outlook', 'en'],
      ['2026-10-12T08:00:00.000Z', world.electionBlock.id, 'Ballot tracking', 'ada@alder.test', 'frequently_used', 'outlook', 'es'],
      ['2026-10-20T16:00:00.000Z', world.electionBlock.id, 'Ballot tracking', 'gone@alder.test', 'unknown', 'gmail', 'en'],
    ]);
  });

  it('quotes commas, quotes and line breaks, and guards cells a spreadsheet would run as formulas', async () => {
    const names = ['=HYPERLINK("https://evil.example","Click")', '+1 fee, "waived"', '-2+3', '@SUM(A1:A2)', 'Line one\r\nline two', 'Plain'];
    for (const [index, name] of names.entries()) {
      const block = await givenBlock(database.db, world.elections, { name });
      await givenUses([{ at: `2026-10-0${index + 1}T10:00:00.000Z`, block, user: { id: world.alice.id, email: world.alice.email }, host: 'outlook', uiSource: 'search' }]);
    }
    // A gone block's recorded name and a removed user's recorded address are guarded too.
    await givenUses([{ at: '2026-10-09T10:00:00.000Z', block: { id: GONE_BLOCK, name: '\tcmd' }, user: { id: REMOVED_USER, email: '=1+1@x.test' }, host: 'outlook', uiSource: 'search' }]);
    const text = await csvText(await asAda(`${base()}/usage.csv${OCTOBER}`));
    expect(text).toContain('"\'=HYPERLINK(""https://evil.example"",""Click"")"');
    expect(text).toContain('"\'+1 fee, ""waived"""');
    expect(text).toContain('"Line one\r\nline two"');
    const rows = parseCsv(text).slice(1);
    expect(rows.map((row) => row[2])).toEqual([
      '\'=HYPERLINK("https://evil.example","Click")',
      '\'+1 fee, "waived"',
      "'-2+3",
      "'@SUM(A1:A2)",
      'Line one\r\nline two',
      'Plain',
      "'\tcmd",
    ]);
    expect(rows.at(-1)![3]).toBe("'=1+1@x.test");
    for (const row of rows) expect(row).toHaveLength(7);
  });

  it('cuts the file at 100,000 rows and says so', async () => {
    await database.db.execute(sql`
      insert into ${sentAutoResponses} (id, account_id, team_id, user_id, user_email, auto_response_id, auto_response_name, auto_response_content, time_sent, context_used, ui_source)
      select lpad(to_hex(n), 24, '0'), ${world.accountA.id}, ${world.elections.id}, ${world.alice.id}, ${world.alice.email}, ${world.electionBlock.id}, 'Ballot tracking', '',
        timestamptz '2026-10-01T00:00:00Z' + n * interval '1 second', 'outlook', 'search'
      from generate_series(1, 100001) as n`);
    const response = await asAda(`${base()}/usage.csv${OCTOBER}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Usage-Truncated')).toBe('true');
    const lines = (await csvText(response)).split('\r\n');
    // The header, 100,000 rows and the empty string after the last line break.
    expect(lines).toHaveLength(100_002);
    expect(lines[1]).toBe(`"2026-10-01T00:00:01.000Z","${world.electionBlock.id}","Ballot tracking","alice@alder.test","search","outlook","en"`);
    expect(lines[100_000]).toContain('"2026-10-02T03:46:40.000Z"');
  }, 120_000);

  it('pages through rows that share a time, to the microsecond, without losing or repeating one', async () => {
    await database.db.execute(sql`
      insert into ${sentAutoResponses} (id, account_id, team_id, user_id, user_email, auto_response_id, auto_response_name, auto_response_content, time_sent, context_used, ui_source)
      select lpad(to_hex(n), 24, '0'), ${world.accountA.id}, ${world.elections.id}, ${world.alice.id}, ${world.alice.email}, ${world.electionBlock.id}, 'Ballot tracking', '',
        timestamptz '2026-10-01T00:00:00Z' + (n % 3) * interval '1 microsecond', 'outlook', 'search'
      from generate_series(1, 4500) as n`);
    const period = usagePeriod({ from: '2026-10-01', to: '2026-10-01' });
    const scope = { accountId: world.accountA.id, teamId: world.elections.id };
    const whole = await usageCsvOf(database.db, scope, period, 5000);
    expect(whole.truncated).toBe(false);
    // Three pages of 2,000 at most: a repeated row would make more than 4,500, a lost one fewer.
    expect(parseCsv(await csvText(new Response(whole.stream))).slice(1)).toHaveLength(4500);
    const cut = await usageCsvOf(database.db, scope, period, 4499);
    expect(cut.truncated).toBe(true);
    expect(parseCsv(await csvText(new Response(cut.stream))).slice(1)).toHaveLength(4499);
  });

  it('refuses what the report refuses, and interval is not one of its parameters', async () => {
    for (const query of ['?from=2024-01-01&to=2025-01-01', '?from=2026-10-02&to=2026-10-01', '?from=%00']) {
      expect((await asAda(`${base()}/usage.csv${query}`)).status, query).toBe(400);
    }
  });
});
