import { useEffect } from 'react';
import { Body1, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { approveSuggestion, fetchSuggestions } from '../api/suggestions';
import type { AdminBlockInput } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { BlockEditor } from '../block-editor/block-editor-page';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { useSetFlash } from '../common/flash';
import { blockFormOfSuggestion } from './suggestion-to-block';

/** An open suggestion in the block editor: the admin shapes it, and saving approves it as a new block. */
export function AdminApproveSuggestionPage(props: { suggestionId: string }) {
  return (
    <AdminLayout title="Approve a suggestion">
      <ApprovalOfTeam suggestionId={props.suggestionId} />
    </AdminLayout>
  );
}

function ApprovalOfTeam(props: { suggestionId: string }) {
  const { ref } = useAdminTeams();
  return ref ? <Approval key={ref.teamId} team={ref} suggestionId={props.suggestionId} /> : null;
}

function Approval(props: { team: TeamRef; suggestionId: string }) {
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const setFlash = useSetFlash();
  // The inbox's open suggestions, all pages: the one to approve is among them while it is open.
  const pages = useInfiniteQuery({
    queryKey: adminQueryKeys.suggestions(props.team.teamId, 'open'),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchSuggestions(api, props.team, 'open', pageParam, signal),
    getNextPageParam: (page) => page.next,
  });
  const suggestion = pages.data?.pages.flatMap((page) => page.suggestions).find((candidate) => candidate._id === props.suggestionId);
  const readMore = !suggestion && pages.hasNextPage && !pages.isFetchingNextPage;
  useEffect(() => {
    if (readMore) void pages.fetchNextPage();
  }, [readMore, pages]);
  if (pages.isPending) return <Spinner label="Loading the suggestion..." />;
  if (!suggestion) {
    if (pages.hasNextPage) return <Spinner label="Loading the suggestion..." />;
    return (
      <MessageBar intent="warning">
        <MessageBarBody>This suggestion is no longer open: it may have been decided already. See the Suggestions page.</MessageBarBody>
      </MessageBar>
    );
  }

  async function create(input: AdminBlockInput) {
    const { block } = await approveSuggestion(api, props.team, props.suggestionId, input);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'suggestions', props.team.teamId] });
    setFlash('Saved. The suggestion is approved and this is its block: your team sees it the next time their blocks load.');
    return block;
  }

  return (
    <>
      <Body1>
        {suggestion.suggestedBy.email} suggested this block. Shape it as your team should use it: saving creates the block and marks the suggestion approved.
      </Body1>
      <BlockEditor team={props.team} block={null} initial={blockFormOfSuggestion(suggestion)} create={create} createLabel="Approve and create block" />
    </>
  );
}
