import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

/** What an editor says after a save, a delete or a refused one; `conflict` offers the other window's version. */
export type SaveNotice = { intent: 'success' | 'error' | 'warning'; text: string; conflict?: boolean } | null;

/**
 * The editor's message: a status for success, an alert otherwise, with "Load their version" when
 * someone else saved first and the editor can reload (`onReload`).
 */
export function SaveNoticeBar(props: { notice: SaveNotice; onDismiss: () => void; onReload?: (() => void) | undefined }) {
  const { notice } = props;
  if (!notice) return null;
  return (
    <div role={notice.intent === 'success' ? 'status' : 'alert'}>
      <MessageBar intent={notice.intent}>
        <MessageBarBody>{notice.text}</MessageBarBody>
        {notice.conflict && props.onReload && (
          <MessageBarActions>
            <Button
              onClick={() => {
                props.onDismiss();
                props.onReload?.();
              }}
            >
              Load their version
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
    </div>
  );
}
