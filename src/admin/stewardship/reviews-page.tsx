import { useState } from 'react';
import { Body1, Button, Caption1, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { confirmReview, fetchReviews, setReviewMail, stewardshipQueryKeys } from '../api/stewardship';
import type { DueReview } from '../../api/contract/stewardship';
import { useAuthServices } from '../../auth/auth-services';
import { navigate } from '../../state/location';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { LoadFailed, NoticeBar, useListStyles } from '../common/list-parts';
import { FormError } from '../../ui/form-error';

/** How long ago a review fell due, in words. */
export function overdueText(days: number): string {
  if (days <= 0) return 'Due today';
  return days === 1 ? 'Overdue by 1 day' : `Overdue by ${days} days`;
}

const ownerText = (review: DueReview) => (review.owner ? (review.owner.name ?? review.owner.email) : null);

/** The team's blocks and checklists whose review is due: confirm each as still right, or edit it. */
export function AdminReviewsPage() {
  return (
    <AdminLayout title="Needs review">
      <ReviewsOfTeam />
    </AdminLayout>
  );
}

function ReviewsOfTeam() {
  const { ref } = useAdminTeams();
  if (!ref) return null;
  return <ReviewTable key={ref.teamId} team={ref} />;
}

function ReviewTable(props: { team: TeamRef }) {
  const styles = useListStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [mine, setMine] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const reviews = useQuery({ queryKey: stewardshipQueryKeys.reviews(props.team.teamId, mine), queryFn: ({ signal }) => fetchReviews(api, props.team, mine, signal) });
  const [mail, setMail] = useState<boolean | null>(null);
  const reviewMail = mail ?? reviews.data?.reviewMail ?? false;

  async function confirm(review: DueReview) {
    setError(null);
    setMessage(null);
    setBusy(review.id);
    try {
      await confirmReview(api, props.team, review.kind, review.id, review.version);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'reviews', props.team.teamId] });
      queryClient.removeQueries({ queryKey: review.kind === 'block' ? adminQueryKeys.block(props.team.teamId, review.id) : adminQueryKeys.checklist(props.team.teamId, review.id) });
      setMessage(`"${review.name}" is confirmed as still right. Its next review is in ${review.reviewEveryDays} days.`);
    } catch (failure) {
      console.warn('Confirming a review failed', failure);
      setError(`"${review.name}" could not be confirmed: someone may have changed it. Reload the page and try again.`);
    } finally {
      setBusy(null);
    }
  }

  async function changeMail(on: boolean) {
    setError(null);
    try {
      setMail(await setReviewMail(api, props.team, on));
      setMessage(on ? 'You will get an email each week listing your due reviews.' : 'You will no longer get the weekly email of your due reviews.');
    } catch (failure) {
      console.warn('Changing the review mail failed', failure);
      setError('Your email setting could not be saved. Please try again.');
    }
  }

  if (reviews.isPending) return <Spinner label="Loading reviews..." />;
  if (reviews.isError) return <LoadFailed what="The reviews" />;
  const list = reviews.data.reviews;

  return (
    <>
      <NoticeBar notice={message ? { intent: 'success', text: message } : null} />
      <Body1>Each block and checklist is reviewed by its owner now and then. Confirm what is still right, or edit what is not: saving a change counts as a review.</Body1>
      <div className={styles.filters}>
        <Switch label="Mine only" checked={mine} onChange={(_event, data) => setMine(data.checked)} />
        <Switch label="Email me my due reviews every week" checked={reviewMail} onChange={(_event, data) => void changeMail(data.checked)} />
      </div>
      <FormError message={error} />
      <Body1 aria-live="polite">{list.length === 1 ? '1 review is due' : `${list.length} reviews are due`}</Body1>
      {list.length > 0 && (
        <Table aria-label="Due reviews" className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Kind</TableHeaderCell>
              <TableHeaderCell>Owner</TableHeaderCell>
              <TableHeaderCell>Due</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((review) => (
              <TableRow key={`${review.kind}-${review.id}`}>
                <TableCell>{review.name}</TableCell>
                <TableCell>{review.kind === 'block' ? 'Block' : 'Checklist'}</TableCell>
                <TableCell>{ownerText(review) ?? <Caption1>No owner</Caption1>}</TableCell>
                <TableCell>{overdueText(review.overdueDays)}</TableCell>
                <TableCell>
                  <Button size="small" appearance="primary" disabled={busy === review.id} aria-label={`Still right: ${review.name}`} onClick={() => void confirm(review)}>
                    Still right
                  </Button>{' '}
                  <Button size="small" aria-label={`Edit ${review.name}`} onClick={() => navigate(`${review.kind === 'block' ? 'blocks' : 'checklists'}/${review.id}`)}>
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {list.length === 0 && <Body1>{mine ? 'None of your blocks or checklists needs a review now.' : 'Nothing in this team needs a review now.'}</Body1>}
    </>
  );
}
