import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/**
 * The form's error area: what the server or the identity service said went wrong, announced as it
 * appears. `id` lets the control it is about name it (`aria-describedby`).
 */
export function FormError(props: { message: string | null | undefined; id?: string }) {
  if (!props.message) return null;
  return (
    <div role="alert" {...(props.id ? { id: props.id } : {})}>
      <MessageBar intent="error">
        {/* pre-line: catalogue messages may break lines ('…logging in.\n Please try again.'). */}
        <MessageBarBody style={{ whiteSpace: 'pre-line' }}>{props.message}</MessageBarBody>
      </MessageBar>
    </div>
  );
}
