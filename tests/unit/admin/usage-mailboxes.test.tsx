import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { OWN_INBOX_LABEL, UsageReportView } from '../../../src/admin/usage/usage-report';
import type { UsageReport } from '../../../src/api/contract/admin';

/** The usage report's uses by mailbox: shown once a use names a mailbox, their own inbox as one row. */
function report(mailboxes: UsageReport['mailboxes'], languages: UsageReport['languages'] = [{ language: 'en', uses: 3 }]): UsageReport {
  const blockId = 'a'.repeat(24);
  return {
    team: { _id: 'b'.repeat(24), name: 'Elections' },
    from: '2026-11-01',
    to: '2026-11-01',
    interval: 'day',
    timeZone: 'UTC',
    intervals: [{ start: '2026-11-01', end: '2026-11-01', uses: 3 }],
    totals: { uses: 3, blocks: 1, users: 1 },
    blocks: [{ _id: blockId, name: 'Track My Ballot', deleted: false, uses: 3, series: [3], languages }],
    users: [{ _id: 'c'.repeat(24), email: 'dana@aldercounty.example', uses: 3 }],
    uiSources: [{ uiSource: 'search', uses: 3 }],
    hosts: [{ host: 'outlook', uses: 3 }],
    mailboxes,
    languages,
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

describe('uses by language in the usage report', () => {
  it('counts each block’s uses by the language inserted once a version in another language was used', () => {
    render(<UsageReportView report={report([{ mailbox: null, uses: 3 }], [{ language: 'es', uses: 2 }, { language: 'en', uses: 1 }])} />);
    const blocks = screen.getByRole('table', { name: 'Uses by block' });
    expect(within(blocks).getByRole('row', { name: /Track My Ballot/ }).textContent).toContain('Spanish 2 · English 1');
    const languages = screen.getByRole('table', { name: 'Uses by language' });
    expect(within(languages).getByRole('row', { name: /Spanish/ }).textContent).toContain('67%');
    expect(within(languages).getByRole('row', { name: /English/ }).textContent).toContain('33%');
  });

  it('says nothing of languages while every use inserted the English text', () => {
    render(<UsageReportView report={report([{ mailbox: null, uses: 3 }])} />);
    expect(screen.queryByRole('table', { name: 'Uses by language' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Uses by block' })).queryByText(/English 3/)).toBeNull();
  });
});
