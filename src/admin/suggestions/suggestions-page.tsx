import { DEFAULT_LANGUAGE, languageName } from '../../domain/languages';
import { useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Field,
  Link,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { fetchSuggestions, isAlreadyDecided, rejectSuggestion } from '../api/suggestions';
import type { SuggestionStatus } from '../../api/contract/admin';
import type { AdminSuggestion } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { navigate } from '../../state/location';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { LoadFailed } from '../common/list-parts';
import { ShowOlder } from '../common/show-older';
import { CONTEXT_LABELS } from '../common/contexts';
import { TabStrip } from '../common/tab-strip';
import { FormError } from '../../ui/form-error';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
  note: { flexGrow: 1, minWidth: '260px' },
});

const STATUS_TABS: ReadonlyArray<[SuggestionStatus, string]> = [
  ['open', 'Open'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
];
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The team's suggestions inbox: what members suggested, to approve into blocks or reject with a note. */
export function AdminSuggestionsPage() {
  const [status, setStatus] = useState<SuggestionStatus>('open');
  return (
    <AdminLayout title="Suggestions">
      <TabStrip label="Suggestions by state" tabs={STATUS_TABS} selected={status} onSelect={setStatus}>
        <SuggestionsOfTeam status={status} />
      </TabStrip>
    </AdminLayout>
  );
}

function SuggestionsOfTeam(props: { status: SuggestionStatus }) {
  const { ref } = useAdminTeams();
  return ref ? <SuggestionList key={`${ref.teamId}|${props.status}`} team={ref} status={props.status} /> : null;
}

function SuggestionList(props: { team: TeamRef; status: SuggestionStatus }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const pages = useInfiniteQuery({
    queryKey: adminQueryKeys.suggestions(props.team.teamId, props.status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchSuggestions(api, props.team, props.status, pageParam, signal),
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
  if (pages.isPending) return <Spinner label="Loading suggestions..." />;
  if (pages.isError)
    return <LoadFailed what="The suggestions" advice="Please reload the page." />;
  const suggestions = pages.data.pages.flatMap((page) => page.suggestions);
  if (suggestions.length === 0) {
    const empty = { open: 'No suggestions are waiting. Members suggest blocks with Suggest New Block on Home.', approved: 'No suggestion has been approved yet.', rejected: 'No suggestion has been rejected.' };
    return <Body1>{empty[props.status]}</Body1>;
  }
  return (
    <>
      <ul className={styles.list} aria-label={`${props.status[0]?.toUpperCase() ?? ''}${props.status.slice(1)} suggestions`}>
        {suggestions.map((suggestion) => (
          <li key={suggestion._id}>
            <SuggestionCard team={props.team} suggestion={suggestion} />
          </li>
        ))}
      </ul>
      <ShowOlder pages={pages} />
    </>
  );
}

function SuggestionCard(props: { team: TeamRef; suggestion: AdminSuggestion }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const { suggestion } = props;
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function reject() {
    setPending(true);
    setError(null);
    try {
      await rejectSuggestion(api, props.team, suggestion._id, note);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'suggestions', props.team.teamId] });
    } catch (failure) {
      console.warn('Rejecting a suggestion failed', failure);
      setError(isAlreadyDecided(failure) ? 'Another admin decided this suggestion meanwhile. Reload to see what they decided.' : 'The suggestion could not be rejected. Please try again.');
      setPending(false);
    }
  }

  const places = suggestion.supportedContexts.map((context) => CONTEXT_LABELS[context]).join(', ');
  return (
    <Card aria-label={suggestion.name}>
      <CardHeader
        header={<Body1>
          <strong>{suggestion.name}</strong>
        </Body1>}
        description={<Caption1>
          Suggested by {suggestion.suggestedBy.email}, {dateFormat.format(new Date(suggestion.createdAt))}
          {places ? ` · for ${places}` : ''}
          {suggestion.language !== DEFAULT_LANGUAGE ? ` · in ${languageName(suggestion.language)}` : ''}
        </Caption1>}
      />
      <p className={styles.body}>{suggestion.body}</p>
      {suggestion.status === 'approved' && (
        <Body1>
          Approved by {suggestion.decidedBy?.email ?? 'an admin'}
          {suggestion.blockId && (
            <>
              {': '}
              <Link href={`#/blocks/${suggestion.blockId}`}>open the block</Link>
            </>
          )}
        </Body1>
      )}
      {suggestion.status === 'rejected' && (
        <Body1>
          Rejected by {suggestion.decidedBy?.email ?? 'an admin'}
          {suggestion.note ? `: ${suggestion.note}` : ''}
        </Body1>
      )}
      {suggestion.status === 'open' && (
        <div className={styles.actions}>
          {rejecting ? (
            <>
              <Field label="Note for the record (optional)" className={styles.note}>
                <Textarea value={note} onChange={(_event, data) => setNote(data.value)} resize="vertical" />
              </Field>
              <Button appearance="primary" disabled={pending} onClick={() => void reject()}>
                {pending ? 'Rejecting...' : 'Reject suggestion'}
              </Button>
              <Button disabled={pending} onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button appearance="primary" onClick={() => navigate(`suggestions/${suggestion._id}`)}>
                Review and approve
              </Button>
              <Button onClick={() => setRejecting(true)}>Reject</Button>
            </>
          )}
        </div>
      )}
      <FormError message={error} />
    </Card>
  );
}
