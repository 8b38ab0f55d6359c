import { useState } from 'react';
import { Body1 } from '@fluentui/react-components';
import { useAuthServices } from '../../auth/auth-services';
import { MESSAGES, forgotPasswordErrorMessage } from '../../auth/errors';
import { VALIDATION } from '../../domain/form-validation';
import { navigate } from '../../state/location';
import { AppLink } from '../../ui/app-link';
import { AuthForm, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { useBlurForm } from '../../ui/use-blur-form';

/**
 * Request a password reset (rules §2 "Forgot password"; rules §5: an empty email is flagged, yet
 * the request is sent).
 */
export function ForgotPasswordRequestScreen() {
  const { userPool } = useAuthServices();
  const form = useBlurForm({ email: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const { email } = form.commitAll();
    const missing = email.trim() === '';
    setError(missing ? VALIDATION.forgotPasswordEmailMissing : null);
    if (!userPool) {
      if (!missing) setError(MESSAGES.signInUnavailable);
      return;
    }
    setPending(true);
    try {
      await userPool.resetPassword({ username: email.trim() });
      navigate('forgot-password-request-complete');
    } catch (failure) {
      console.warn('Requesting a password reset failed', failure);
      // With no email, the refusal only repeats what the missing-email message already says.
      setError(missing ? VALIDATION.forgotPasswordEmailMissing : forgotPasswordErrorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <Page title="Reset your password">
      <Body1>Enter the email you sign in with. We will send you a verification code to set a new password.</Body1>
      <AuthForm label="Reset your password" onSubmit={() => void submit()}>
        <TextField label="Email" bind={form.bind('email')} autoComplete="username" inputMode="email" />
        <FormError message={error} />
        <SubmitButton pending={pending}>Request new password</SubmitButton>
      </AuthForm>
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
