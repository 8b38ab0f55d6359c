import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importBlocksFile, importFormatOf } from '../../../src/admin/api/transfer';
import { ApiError } from '../../../src/api/client';
import type { BlockImportReport } from '../../../src/api/contract/admin-transfer';
import { ImportBlocksDialog } from '../../../src/admin/blocks/import-blocks-dialog';
import { dryRunHeadline, importDoneMessage, importErrorLines } from '../../../src/admin/blocks/import-summary';
import { recordRequests, server } from '../support/api-server';

const team = { accountId: 'a'.repeat(24), teamId: 'b'.repeat(24) };

function makeReport(overrides: Partial<BlockImportReport> = {}): BlockImportReport {
  return { dryRun: true, created: 1, updated: 2, unchanged: 3, errors: [], errorCount: 0, ...overrides };
}

const jsonResponse = (status: number, body: object) => HttpResponse.json(body, { status });

/** Answers each import with the next of `answers` (500 once they run out); what the app sent is in `sent`. */
function answerImports(...answers: Response[]) {
  const sent = recordRequests();
  server.use(http.post('/api/admin/accounts/:account/teams/:team/blocks/import', () => answers.shift() ?? jsonResponse(500, {})));
  const fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
  return { fetch, sent };
}

describe('what the import says', () => {
  it('counts what it would do and did', () => {
    expect(dryRunHeadline(makeReport())).toBe('Ready to import: 1 new, 2 changed, 3 unchanged.');
    expect(dryRunHeadline(makeReport({ created: 0, updated: 0 }))).toBe('Nothing to import: every block is already as the file has it (0 new, 0 changed, 3 unchanged).');
    expect(importDoneMessage(makeReport({ dryRun: false }))).toBe('Blocks imported: 1 new, 2 changed, 3 unchanged.');
  });

  it('lists errors by row and field, and says how many more there are', () => {
    const report = makeReport({
      errors: [
        { row: 2, field: 'name', message: 'Name is required.' },
        { row: 4, field: '', message: 'has 3 cells; the header has 8' },
        { row: 5, field: 'categories.1', message: 'must not be empty' },
        { row: 6, field: 'attachments.0.url', message: 'must be an https address' },
        { row: 7, field: 'subjectLine', message: 'must be at most 200 characters' },
      ],
      errorCount: 8,
    });
    expect(dryRunHeadline(report)).toBe('This file cannot be imported: 8 errors. Fix the file and choose it again.');
    expect(importErrorLines(report)).toEqual([
      'Row 2 · name: Name is required.',
      'Row 4: This row has 3 cells; the header has 8.',
      'Row 5 · categories.1: Category 2 must not be empty.',
      'Row 6 · attachments.0.url: Attachment 1’s address must be an https address.',
      'Row 7 · subjectLine: The value must be at most 200 characters.',
      '…and 3 more errors.',
    ]);
  });
});

describe('sending a file to import', () => {
  it('knows JSON and CSV files by name, then by type', () => {
    expect(importFormatOf({ name: 'Blocks.CSV' })).toBe('csv');
    expect(importFormatOf({ name: 'blocks.json' })).toBe('json');
    expect(importFormatOf({ name: 'blocks', type: 'text/csv' })).toBe('csv');
    expect(importFormatOf({ name: 'blocks.xlsx', type: 'application/vnd.ms-excel' })).toBeNull();
  });

  it('sends the text as it is, with its type, the bearer and the XSRF echo, and reads the report of a 422', async () => {
    const refused = makeReport({ errors: [{ row: 2, field: 'name', message: 'Name is required.' }], errorCount: 1 });
    const { fetch, sent } = answerImports(jsonResponse(422, { error: { code: 'invalid_rows', message: 'Nothing was imported' }, ...refused }));
    const context = { client: { baseUrl: '/api' }, getIdToken: () => 'id-token', fetch, getCookie: () => 'xsrf-value' };
    const report = await importBlocksFile(context, team, { text: 'name,body\n', format: 'csv' }, { dryRun: true });
    expect(report).toEqual(refused);
    expect(sent[0]!.url).toBe(`/api/admin/accounts/${team.accountId}/teams/${team.teamId}/blocks/import?dryRun=true`);
    const { headers } = sent[0]!;
    expect(headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('Authorization')).toBe('Bearer id-token');
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(sent[0]!.body).toBe('name,body\n');
  });

  it("fails with the server's error for any other refusal", async () => {
    const { fetch } = answerImports(jsonResponse(413, { error: { code: 'payload_too_large', message: 'Import files are limited to 4 MB.' } }));
    const context = { client: { baseUrl: '/api' }, getIdToken: () => 'id-token', fetch };
    const failure = await importBlocksFile(context, team, { text: '[]', format: 'json' }, { dryRun: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, message: 'Import files are limited to 4 MB.' });
  });
});

describe('the import dialog', () => {
  // happy-dom rejects the promise of an animation Fluent cancels as the dialog closes; without
  // `animate`, Fluent does not animate at all.
  const prototype = Element.prototype as { animate?: unknown };
  const animate = prototype.animate;
  beforeAll(() => {
    prototype.animate = undefined;
  });
  afterAll(() => {
    prototype.animate = animate;
  });

  function renderDialog(...answers: Response[]) {
    const { fetch, sent } = answerImports(...answers);
    const onImported = vi.fn();
    const onClose = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <ImportBlocksDialog team={team} requests={{ client: { baseUrl: '/api' }, getIdToken: () => 't', fetch, getCookie: () => null }} onClose={onClose} onImported={onImported} />
      </FluentProvider>,
    );
    return { sent, onImported, onClose, user: userEvent.setup() };
  }

  const csvFile = (name = 'blocks.csv') => new File(['name,body\n'], name, { type: 'text/csv' });

  it('checks the chosen file, says what it would do, and imports it', async () => {
    const { sent, onImported, user } = renderDialog(jsonResponse(200, makeReport()), jsonResponse(200, makeReport({ dryRun: false })));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    await user.upload(screen.getByLabelText('File (.json or .csv)'), csvFile());
    expect(await screen.findByText('Ready to import: 1 new, 2 changed, 3 unchanged.')).toBeTruthy();
    expect(sent[0]!.url).toContain('dryRun=true');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(onImported).toHaveBeenCalledWith(makeReport({ dryRun: false })));
    expect(sent[1]!.url).not.toContain('dryRun');
  });

  it('lists the rows to fix and does not import', async () => {
    const report = makeReport({ errors: [{ row: 2, field: 'name', message: 'Name is required.' }], errorCount: 1 });
    const { sent, user } = renderDialog(jsonResponse(422, { error: { code: 'invalid_rows', message: 'x' }, ...report }));
    await user.upload(screen.getByLabelText('File (.json or .csv)'), csvFile());
    expect(await screen.findByText('Row 2 · name: Name is required.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This file cannot be imported: 1 error.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('refuses a file that is not UTF-8 without sending it', async () => {
    const { sent, user } = renderDialog();
    await user.upload(screen.getByLabelText('File (.json or .csv)'), new File([new Uint8Array([0x43, 0x61, 0x66, 0xe9])], 'latin1.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8".')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('refuses a file that is neither JSON nor CSV without sending it', async () => {
    const { sent } = renderDialog();
    fireEvent.change(screen.getByLabelText('File (.json or .csv)'), { target: { files: [new File(['x'], 'blocks.xlsx')] } });
    expect(await screen.findByText('Choose a .json or .csv file.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
