/**
 * Changes: what the team's staff do not see yet. Editors' changes waiting for approval, each with
 * what it does to the block, which a team admin approves (staff see it at once) or rejects; and
 * changes scheduled for a time. The author of a change, or a team admin, can withdraw it. Team
 * admins also decide here whether editors' changes must be approved.
 */
import { useState } from 'react';
import { Body1, Button, Caption1, Card, CardHeader, Link, Spinner, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { decideDraft, fetchDrafts } from '../api/drafts';
import { adminErrorMessage, updateAccountTeam } from '../api/people';
import type { AdminDraft } from '../../api/contract/drafts';
import { useAuthServices } from '../../auth/auth-services';
import { useUserInfo } from '../../api/user-info';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { LoadFailed } from '../common/list-parts';
import { ChangeDiff } from '../block-editor/change-diff';
import { versionChanges } from '../block-editor/version-changes';
import { FormError } from '../../ui/form-error';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  diff: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function AdminChangesPage() {
  return (
    <AdminLayout title="Changes" editors>
      <ChangesOfTeam />
    </AdminLayout>
  );
}

function ChangesOfTeam() {
  const { ref, team } = useAdminTeams();
  if (!ref || !team) return null;
  return <Changes key={ref.teamId} team={ref} isAdmin={team.role === 'admin'} requireReview={team.requireReview} />;
}

function Changes(props: { team: TeamRef; isAdmin: boolean; requireReview: boolean }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const drafts = useQuery({ queryKey: adminQueryKeys.drafts(props.team.teamId), queryFn: ({ signal }) => fetchDrafts(api, props.team, signal), staleTime: 0 });
  const waiting = (drafts.data ?? []).filter((draft) => draft.state === 'awaiting_approval');
  const scheduled = (drafts.data ?? []).filter((draft) => draft.state === 'scheduled');
  return (
    <>
      {props.isAdmin && <ReviewSwitch team={props.team} requireReview={props.requireReview} />}
      {drafts.isPending && <Spinner label="Loading waiting changes..." />}
      {drafts.isError && <LoadFailed what="The waiting changes" advice="Please reload the page." />}
      {drafts.data && (
        <>
          <section className={styles.section} aria-labelledby="approval-heading">
            <Subtitle2 as="h2" id="approval-heading">
              Waiting for approval
            </Subtitle2>
            {waiting.length === 0 ? <Body1>No change is waiting for approval.</Body1> : <DraftList team={props.team} drafts={waiting} isAdmin={props.isAdmin} />}
          </section>
          <section className={styles.section} aria-labelledby="scheduled-heading">
            <Subtitle2 as="h2" id="scheduled-heading">
              Scheduled
            </Subtitle2>
            {scheduled.length === 0 ? <Body1>No change is scheduled.</Body1> : <DraftList team={props.team} drafts={scheduled} isAdmin={props.isAdmin} />}
          </section>
        </>
      )}
    </>
  );
}

function ReviewSwitch(props: { team: TeamRef; requireReview: boolean }) {
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function change(on: boolean) {
    setPending(true);
    setError(null);
    try {
      await updateAccountTeam(api, props.team.accountId, props.team.teamId, { requireReview: on });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.teams });
    } catch (failure) {
      setError(adminErrorMessage(failure, 'The setting could not be saved. Please try again.'));
    } finally {
      setPending(false);
    }
  }
  return (
    <div>
      <Switch
        label="Editors’ changes wait for a team admin’s approval"
        checked={props.requireReview}
        disabled={pending}
        onChange={(_event, data) => void change(data.checked)}
      />
      <FormError message={error} />
    </div>
  );
}

function DraftList(props: { team: TeamRef; drafts: AdminDraft[]; isAdmin: boolean }) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Changes">
      {props.drafts.map((draft) => (
        <li key={draft._id}>
          <DraftCard team={props.team} draft={draft} isAdmin={props.isAdmin} />
        </li>
      ))}
    </ul>
  );
}

function DraftCard(props: { team: TeamRef; draft: AdminDraft; isAdmin: boolean }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const me = useUserInfo(api, { enabled: false });
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { draft } = props;
  const who = draft.author.email ?? 'someone no longer in the account';
  const mine = me.data?._id === draft.author._id;
  const changes = versionChanges(draft.current, draft.content);

  async function decide(decision: 'approve' | 'reject' | 'withdraw') {
    setPending(true);
    setError(null);
    try {
      await decideDraft(api, props.team, draft._id, decision);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.drafts(props.team.teamId) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      if (draft.block) await queryClient.invalidateQueries({ queryKey: adminQueryKeys.block(props.team.teamId, draft.block) });
    } catch (failure) {
      setError(adminErrorMessage(failure, 'The change could not be decided. Please reload the page and try again.'));
      setPending(false);
    }
  }

  const title = draft.current ? draft.content.name : `New block: ${draft.content.name}`;
  return (
    <Card aria-label={title}>
      <CardHeader
        header={<Body1>{draft.block ? <Link href={`#/blocks/${draft.block}`}>{title}</Link> : title}</Body1>}
        description={
          <Caption1>
            {draft.state === 'scheduled' && draft.publishAt
              ? `Scheduled by ${who} for ${timeFormat.format(new Date(draft.publishAt))}`
              : `By ${who}, ${timeFormat.format(new Date(draft.createdAt))}`}
          </Caption1>
        }
      />
      <div className={styles.diff} role="region" aria-label={`What the change to ${draft.content.name} does`}>
        <ChangeDiff changes={changes} />
      </div>
      <div className={styles.actions}>
        {props.isAdmin && draft.state === 'awaiting_approval' && (
          <>
            <Button appearance="primary" disabled={pending} onClick={() => void decide('approve')}>
              Approve
            </Button>
            <Button disabled={pending} onClick={() => void decide('reject')}>
              Reject
            </Button>
          </>
        )}
        {(props.isAdmin || mine) && (
          <Button disabled={pending} onClick={() => void decide('withdraw')}>
            Withdraw
          </Button>
        )}
      </div>
      <FormError message={error} />
    </Card>
  );
}
