/**
 * What a team has learned from the blocks its staff chose for emails (recommendations blend it
 * in), on the Teams page: "Learned from 132 uses since 3 March 2026", and a reset, asked first,
 * that forgets it all (for a team whose library changed, or after a period of wrong choices).
 */
import { useState } from 'react';
import { Body1, Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountTeam } from '../../api/contract/people';
import { fetchLearningSummary, learningQueryKey, resetTeamLearning } from '../api/learning';
import { adminErrorMessage } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { ConfirmDialog } from '../common/confirm-dialog';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Learned from 132 uses since 3 March 2026", or that nothing is learned yet. */
export function learnedText(summary: { enabled: boolean; uses: number; since: string | null }): string {
  if (!summary.enabled) return 'Learning from choices is turned off on this server.';
  if (summary.uses === 0 || !summary.since) return 'Nothing learned yet.';
  return `Learned from ${summary.uses} ${summary.uses === 1 ? 'use' : 'uses'} since ${DAY.format(new Date(summary.since))}.`;
}

export function TeamLearning(props: { accountId: string; team: AccountTeam; onNotice: (notice: { intent: 'success' | 'error'; text: string }) => void }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const key = learningQueryKey(props.accountId, props.team._id);
  const summary = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchLearningSummary(api, props.accountId, props.team._id, signal) });

  if (summary.isPending) return <Spinner size="tiny" label="Loading what it learned..." />;
  if (summary.isError) return <Body1>What it learned could not be loaded.</Body1>;
  const learned = summary.data.enabled && summary.data.uses > 0;
  return (
    <div className={styles.row}>
      <Body1>{learnedText(summary.data)}</Body1>
      {learned && (
        <Button size="small" aria-label={`Reset learning of ${props.team.name}`} onClick={() => setAsking(true)}>
          Reset learning
        </Button>
      )}
      {asking && (
        <ConfirmDialog
          title={`Reset what ${props.team.name} learned?`}
          confirmLabel="Reset"
          pendingLabel="Resetting..."
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            try {
              await resetTeamLearning(api, props.accountId, props.team._id);
              await queryClient.invalidateQueries({ queryKey: key });
              props.onNotice({ intent: 'success', text: `${props.team.name} has forgotten what it learned.` });
              return null;
            } catch (failure) {
              console.warn('Resetting what a team learned failed', failure);
              return adminErrorMessage(failure, 'What the team learned could not be reset.');
            }
          }}
        >
          Recommendations will no longer use the blocks {props.team.name} chose for past emails ({learnedText(summary.data).replace(/\.$/, '').toLowerCase()}). They start learning again
          from the next use. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
