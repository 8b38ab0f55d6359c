import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MemberImportReport } from '../../../src/api/contract/people';
import { importHeadline } from '../../../src/admin/people/import-members-dialog';
import { makeTeam } from '../support/people-handlers';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';

const serve = servePeople();
// See people-page.test.tsx: under happy-dom, roles are found hidden or not.
const any = { hidden: true } as const;

const CSV = 'email,name,teams\nava@aldercounty.example,Ava,Elections\nben@aldercounty.example,Ben,Elections;Recorder\npat@aldercounty.example,Pat,Elections\n';

function report(rows: MemberImportReport['rows']): MemberImportReport {
  return { dryRun: true, invited: 0, rows };
}
const ok = report([
  { line: 2, email: 'ava@aldercounty.example', name: 'Ava', teams: ['Elections'], outcome: 'invite', message: null },
  { line: 3, email: 'ben@aldercounty.example', name: 'Ben', teams: ['Elections', 'Recorder'], outcome: 'invite', message: null },
  { line: 4, email: 'pat@aldercounty.example', name: 'Pat', teams: ['Elections'], outcome: 'already-member', message: null },
]);

describe('what the file import says', () => {
  it('counts who would be invited, who is already a member, and the lines in error', () => {
    expect(importHeadline(ok)).toBe('Ready to invite 2 people. 1 person is already a member.');
    expect(importHeadline(report([ok.rows[0]!]))).toBe('Ready to invite 1 person.');
    expect(importHeadline(report([ok.rows[2]!]))).toBe('Nobody to invite: everyone in this file is already a member.');
    expect(importHeadline(report([{ ...ok.rows[0]!, outcome: 'error', message: 'No team is called Electons.' }]))).toBe(
      'This file cannot be used: 1 line has an error. Fix the file and choose it again.',
    );
  });
});

describe('inviting people from a file', () => {
  it('checks the file first, lists each line, then invites', async () => {
    const server = serve({ teams: [makeTeam({ name: 'Elections' })], importReport: ok });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Invite from a file', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people from a file', ...any });
    expect(within(dialog).getByRole('button', { name: 'Invite 0 people', ...any }).getAttribute('aria-disabled')).toBe('true');
    await user.upload(within(dialog).getByLabelText('File (.csv)'), new File([CSV], 'staff.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Ready to invite 2 people. 1 person is already a member.')).toBeTruthy();
    const lines = within(dialog).getByRole('table', { name: 'What each line does', ...any });
    expect(within(lines).getAllByRole('row', any).map((row) => row.textContent)).toEqual([
      'LineEmailOutcomeMessage',
      '2ava@aldercounty.exampleInvite',
      '3ben@aldercounty.exampleInvite',
      '4pat@aldercounty.exampleAlready a member',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Invite 2 people', ...any }));
    expect(await screen.findByText('2 people were invited.')).toBeTruthy();
    const imports = server.requests.filter((request) => request.path.endsWith('/members/import'));
    expect(imports.map((request) => request.search)).toEqual(['?dryRun=true', '?dryRun=false']);
    expect(imports[0]!.body).toBe(CSV);
  });

  it('lists the lines in error and invites nobody', async () => {
    serve({
      teams: [makeTeam({ name: 'Elections' })],
      importReport: report([
        ok.rows[0]!,
        { line: 3, email: 'ben@aldercounty', name: 'Ben', teams: ['Electons'], outcome: 'error', message: 'No team is called Electons.' },
      ]),
    });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Invite from a file', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people from a file', ...any });
    await user.upload(within(dialog).getByLabelText('File (.csv)'), new File([CSV], 'staff.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('This file cannot be used: 1 line has an error. Fix the file and choose it again.')).toBeTruthy();
    expect(within(dialog).getByText('No team is called Electons.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Invite 0 people', ...any }).getAttribute('aria-disabled')).toBe('true');
  });

  it('refuses a file that is not CSV without sending it', async () => {
    const server = serve();
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Invite from a file', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people from a file', ...any });
    const input = within(dialog).getByLabelText<HTMLInputElement>('File (.csv)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'staff.xlsx', { type: 'application/vnd.ms-excel' })] } });
    expect(await within(dialog).findByText('Choose a .csv file.')).toBeTruthy();
    expect(server.requests.some((request) => request.path.endsWith('/import'))).toBe(false);
  });
});
