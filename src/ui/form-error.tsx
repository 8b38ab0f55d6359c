import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** The form's error area: what the server or the identity service said went wrong. */
export function FormError(props: { message: string | null | undefined }) {
  if (!props.message) return null;
  return (
    <div role="alert">
      <MessageBar intent="error">
        {/* pre-line: catalogue messages may break lines ('…logging in.\n Please try again.'). */}
        <MessageBarBody style={{ whiteSpace: 'pre-line' }}>{props.message}</MessageBarBody>
      </MessageBar>
    </div>
  );
}
