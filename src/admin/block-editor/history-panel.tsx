import { useState } from 'react';
import { Button, Caption1, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, isEditConflict, type TeamRef } from '../api/admin';
import { fetchBlockVersions, restoreBlockVersion } from '../api/blocks';
import type { AdminBlock, BlockVersion } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { versionChanges } from './version-changes';
import { ChangeDiff } from './change-diff';
import { FormError } from '../../ui/form-error';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { textAlign: 'start', justifyContent: 'flex-start', width: '100%' },
  changes: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
});

const ACTIONS: Record<BlockVersion['action'], string> = {
  created: 'Created',
  edited: 'Edited',
  restored: 'Restored an earlier version',
  deleted: 'Deleted',
  undeleted: 'Brought back',
  archived: 'Archived',
  unarchived: 'Brought back from the archive',
  published: 'Published a scheduled or approved change',
};
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every saved version of the block, what each changed, and restoring one as the newest version. */
export function HistoryPanel(props: { team: TeamRef; block: AdminBlock }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const versions = useQuery({
    // Keyed by the version open, so the history follows every save, reload and restore.
    queryKey: [...adminQueryKeys.versions(props.team.teamId, props.block._id), props.block.version],
    queryFn: ({ signal }) => fetchBlockVersions(api, props.team, props.block._id, signal),
    staleTime: 0,
  });
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function restore(version: number) {
    setPending(true);
    setError(null);
    try {
      const restored = await restoreBlockVersion(api, props.team, props.block._id, version, props.block.version);
      queryClient.setQueryData(adminQueryKeys.block(props.team.teamId, restored._id), restored);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.versions(props.team.teamId, restored._id) });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.blocks(props.team.teamId) });
      setSelected(null);
    } catch (failure) {
      console.warn('Restoring a version failed', failure);
      setError(isEditConflict(failure) ? 'Someone else changed this block meanwhile. Reload the page to see their version first.' : 'The version could not be restored. Please try again.');
    } finally {
      setPending(false);
    }
  }

  // Versions follow a save of this page too: the newest shown is the one being edited.
  const list = versions.data ?? [];
  const index = list.findIndex((version) => version.version === selected);
  const chosen = index >= 0 ? list[index] : undefined;
  const changes = chosen ? versionChanges(list[index + 1] ?? null, chosen) : null;

  return (
    <section className={styles.panel} aria-labelledby="history-heading">
      <Subtitle2 as="h2" id="history-heading">
        History
      </Subtitle2>
      {versions.isPending && <Spinner size="tiny" label="Loading the history..." />}
      {versions.isError && <Caption1>The history could not be loaded.</Caption1>}
      <ul className={styles.list} aria-label="Versions">
        {list.map((version) => (
          <li key={version.version}>
            <Button
              appearance={version.version === selected ? 'primary' : 'subtle'}
              className={styles.item}
              aria-pressed={version.version === selected}
              onClick={() => setSelected(version.version === selected ? null : version.version)}
            >
              Version {version.version}: {ACTIONS[version.action]}
              {version.author?.email ? ` by ${version.author.email}` : ''}, {dateFormat.format(new Date(version.createdAt))}
            </Button>
          </li>
        ))}
      </ul>
      {chosen && changes && (
        <div className={styles.changes} aria-label={`Changes in version ${chosen.version}`} role="region">
          <ChangeDiff changes={changes} />
          {chosen.version !== props.block.version && (
            <div>
              <Button disabled={pending} onClick={() => void restore(chosen.version)}>
                {pending ? 'Restoring...' : `Restore version ${chosen.version}`}
              </Button>
            </div>
          )}
        </div>
      )}
      <FormError message={error} />
    </section>
  );
}
