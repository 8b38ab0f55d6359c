import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { OWN_INBOX_LABEL, UsageReportView } from '../../../src/admin/usage/usage-report';
import type { UsageReport } from '../../../src/api/contract/admin';

/** The usage report's uses by mailbox: shown once a use names a mailbox, their own inbox as one row. */
function report(mailboxes: UsageReport['mailboxes']): UsageReport {
  const blockId = 'a'.repeat(24);
  return {
    team: { _id: 'b'.repeat(24), name: 'Elections' },
    from: '2026-11-01',
    to: '2026-11-01',
    interval: 'day',
    timeZone: 'UTC',
    intervals: [{ start: '2026-11-01', end: '2026-11-01', uses: 3 }],
    totals: { uses: 3, blocks: 1, users: 1 },
    blocks: [{ _id: blockId, name: 'Track My Ballot', deleted: false, uses: 3, series: [3] }],
    users: [{ _id: 'c'.repeat(24), email: 'dana@aldercounty.example', uses: 3 }],
    uiSources: [{ uiSource: 'search', uses: 3 }],
    hosts: [{ host: 'outlook', uses: 3 }],
    mailboxes,
    checklists: { started: 0, completed: 0 },
    sessions: { count: 1, users: 1, minutes: 5 },
  };
}

describe('uses by mailbox in the usage report', () => {
  it('counts the uses of each mailbox beside those of people’s own inboxes', () => {
    render(<UsageReportView report={report([{ mailbox: 'elections@aldercounty.example', uses: 2 }, { mailbox: null, uses: 1 }])} />);
    const table = screen.getByRole('table', { name: 'Uses by mailbox' });
    expect(within(table).getByRole('row', { name: /elections@aldercounty\.example/ }).textContent).toContain('2');
    expect(within(table).getByRole('row', { name: new RegExp(OWN_INBOX_LABEL) }).textContent).toContain('1');
  });

  it('shows no mailbox table while every use was made in someone’s own inbox', () => {
    render(<UsageReportView report={report([{ mailbox: null, uses: 3 }])} />);
    expect(screen.getByRole('table', { name: 'Uses by host' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Uses by mailbox' })).toBeNull();
  });
});
