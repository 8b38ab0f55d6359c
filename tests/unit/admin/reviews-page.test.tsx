import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { DueReview } from '../../../src/api/contract/stewardship';
import { ACCOUNT_ID, makePeopleServer, makeTeam, peopleHandlers } from '../support/people-handlers';
import { renderAdmin } from '../support/render-admin';

/**
 * The Needs review page against a fake admin API: the team's due reviews with their owner and how
 * long overdue, Mine only, Still right (sent with the version seen as If-Match) taking the row off
 * the list, and the caller's weekly mail switch.
 */
const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

const team = makeTeam({ name: 'Elections' });
const base = `/api/admin/accounts/${ACCOUNT_ID}/teams/${team._id}`;
const review = (overrides: Partial<DueReview>): DueReview => ({
  kind: 'block',
  id: 'b'.repeat(24),
  name: 'Early voting hours',
  version: 4,
  owner: { id: 'c'.repeat(24), email: 'pat@aldercounty.example', name: 'Pat Clerk' },
  reviewEveryDays: 90,
  reviewedAt: '2026-08-01T00:00:00.000Z',
  dueAt: '2026-10-30T00:00:00.000Z',
  overdueDays: 12,
  ...overrides,
});

function serve(reviews: DueReview[]) {
  const people = makePeopleServer({ teams: [team] });
  people.me.adminTeams = [team._id];
  const state = { reviews, reviewMail: true, sent: [] as Array<{ method: string; path: string; ifMatch: string | null; body: unknown }> };
  mock.use(
    ...peopleHandlers(people),
    http.get(`*${base}/reviews`, ({ request }) => {
      const mine = new URL(request.url).searchParams.get('mine') === 'true';
      return HttpResponse.json({ reviews: state.reviews.filter((item) => !mine || item.owner?.id === 'c'.repeat(24)), reviewMail: state.reviewMail });
    }),
    http.post(`*${base}/blocks/:id/review`, ({ request, params }) => {
      state.sent.push({ method: 'POST', path: new URL(request.url).pathname, ifMatch: request.headers.get('If-Match'), body: null });
      const item = state.reviews.find((entry) => entry.id === params.id)!;
      state.reviews = state.reviews.filter((entry) => entry.id !== params.id);
      return HttpResponse.json(adminBlockOf(item), { headers: { ETag: `"${item.version}"` } });
    }),
    http.put(`*${base}/reviews/mail`, async ({ request }) => {
      const body = (await request.json()) as { reviewMail: boolean };
      state.sent.push({ method: 'PUT', path: new URL(request.url).pathname, ifMatch: null, body });
      state.reviewMail = body.reviewMail;
      return HttpResponse.json({ reviewMail: body.reviewMail });
    }),
  );
  return state;
}

function adminBlockOf(item: DueReview) {
  return {
    _id: item.id,
    account: ACCOUNT_ID,
    team: team._id,
    name: item.name,
    body: '<p>8 to 5.</p>',
    categories: [],
    supportedContexts: ['outlook'],
    cc: [],
    subjectLine: null,
    attachments: [],
    examples: [],
    shortcut: null,
    showFrom: null,
    showUntil: null,
    variants: [],
    version: item.version,
    deleted: false,
    deletedAt: null,
    createdAt: item.reviewedAt,
    updatedAt: item.reviewedAt,
    window: 'shown',
    pending: null,
    owner: item.owner,
    reviewEveryDays: item.reviewEveryDays,
    reviewedAt: new Date().toISOString(),
    reviewDue: false,
    archived: false,
    archivedAt: null,
  };
}

describe('the Needs review page', () => {
  it('lists due reviews with owner and how long overdue, and Still right takes one off the list', async () => {
    const state = serve([review({}), review({ kind: 'checklist', id: 'd'.repeat(24), name: 'Lost ballot call', owner: null, overdueDays: 0, version: 2 })]);
    const { user } = renderAdmin('reviews');
    expect(await screen.findByRole('heading', { name: 'Needs review', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Due reviews' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows[0]).toContain('Early voting hours');
    expect(rows[0]).toContain('Pat Clerk');
    expect(rows[0]).toContain('Overdue by 12 days');
    expect(rows[1]).toContain('No owner');
    expect(rows[1]).toContain('Due today');

    await user.click(screen.getByRole('button', { name: 'Still right: Early voting hours' }));
    expect(await screen.findByText('"Early voting hours" is confirmed as still right. Its next review is in 90 days.')).toBeTruthy();
    expect(state.sent).toEqual([{ method: 'POST', path: `${base}/blocks/${'b'.repeat(24)}/review`, ifMatch: '"4"', body: null }]);
    expect(await screen.findByText('1 review is due')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Still right: Early voting hours' })).toBeNull();
  }, 20_000);

  it('shows only the caller’s with Mine only, and turns the weekly mail off', async () => {
    const state = serve([review({}), review({ id: 'e'.repeat(24), name: 'Drop box hours', owner: { id: 'f'.repeat(24), email: 'sam@aldercounty.example', name: null } })]);
    const { user } = renderAdmin('reviews');
    expect(await screen.findByText('2 reviews are due')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Mine only' }));
    expect(await screen.findByText('1 review is due')).toBeTruthy();
    expect(screen.queryByText('Drop box hours')).toBeNull();
    const mail = screen.getByRole<HTMLInputElement>('switch', { name: 'Email me my due reviews every week' });
    expect(mail.checked).toBe(true);
    await user.click(mail);
    expect(await screen.findByText('You will no longer get the weekly email of your due reviews.')).toBeTruthy();
    expect(state.sent.at(-1)).toMatchObject({ method: 'PUT', path: `${base}/reviews/mail`, body: { reviewMail: false } });
  }, 20_000);
});
