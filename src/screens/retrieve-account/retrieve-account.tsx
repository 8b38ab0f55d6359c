import { useState } from 'react';
import { useAuthServices } from '../../auth/auth-services';
import { MESSAGES, retrieveAccountErrorMessage } from '../../auth/errors';
import { hasErrors, validateRetrieveAccount } from '../../domain/form-validation';
import { navigate } from '../../state/location';
import { AppLink } from '../common/app-link';
import { AuthForm, FormError, SubmitButton, TextField } from '../common/form-bits';
import { Page } from '../common/page';
import { useBlurForm } from '../common/use-blur-form';

/** Reset a password with the emailed verification code (spec §2 "Retrieve account"; rules §5, messages §8). */
export function RetrieveAccountScreen() {
  const { userPool } = useAuthServices();
  const form = useBlurForm({ email: '', code: '', newPassword: '', confirmPassword: '' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = form.submitted ? validateRetrieveAccount(form.committedValues) : {};

  async function submit() {
    const values = form.commitAll();
    if (hasErrors(validateRetrieveAccount(values))) return;
    if (!userPool) {
      setError(MESSAGES.signInUnavailable);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await userPool.confirmResetPassword({ username: values.email, confirmationCode: values.code.trim(), newPassword: values.newPassword });
      navigate('retrieve-account-success');
    } catch (failure) {
      console.warn('Resetting the password with a code failed', failure);
      setError(retrieveAccountErrorMessage(failure));
      setPending(false);
    }
  }

  return (
    <Page title="Use verification code">
      <AuthForm label="Use verification code" onSubmit={() => void submit()}>
        <TextField label="Email" bind={form.bind('email')} error={errors.email} autoComplete="username" inputMode="email" />
        <TextField label="Verification code" bind={form.bind('code')} error={errors.code} autoComplete="one-time-code" inputMode="numeric" />
        <TextField label="New password" type="password" bind={form.bind('newPassword')} error={errors.newPassword} autoComplete="new-password" />
        <TextField
          label="Confirm new password"
          type="password"
          bind={form.bind('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        <FormError message={error} />
        <SubmitButton pending={pending}>Confirm new password</SubmitButton>
      </AuthForm>
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
