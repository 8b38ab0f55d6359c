import { Button } from '@fluentui/react-components';

/** The next page of a list read newest first (activity, suggestions), while there is one. */
export function ShowOlder(props: { pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  const { pages } = props;
  if (!pages.hasNextPage) return null;
  return (
    <div>
      <Button disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {pages.isFetchingNextPage ? 'Loading...' : 'Show older'}
      </Button>
    </div>
  );
}
