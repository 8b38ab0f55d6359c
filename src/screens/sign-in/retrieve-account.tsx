import { useAuthServices } from '../../auth/auth-services';
import { retrieveAccountErrorMessage } from '../../auth/errors';
import { validateRetrieveAccount } from '../../domain/form-validation';
import { navigate } from '../../state/location';
import { AppLink } from '../../ui/app-link';
import { AuthForm, NewPasswordFields, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { useBlurForm } from '../../ui/use-blur-form';
import { useValidatedSubmit } from './use-validated-submit';

/** Reset a password with the emailed verification code (rules §2 "Retrieve account"; rules §5, messages §8). */
export function RetrieveAccountScreen() {
  const { userPool } = useAuthServices();
  const form = useBlurForm({ email: '', code: '', newPassword: '', confirmPassword: '' });
  const { submit, pending, error, errors } = useValidatedSubmit({
    form,
    validate: validateRetrieveAccount,
    services: userPool,
    action: 'Resetting the password with a code',
    run: async (values, pool) => {
      await pool.confirmResetPassword({ username: values.email, confirmationCode: values.code.trim(), newPassword: values.newPassword });
      navigate('retrieve-account-success');
    },
    failure: retrieveAccountErrorMessage,
  });

  return (
    <Page title="Use verification code">
      <AuthForm label="Use verification code" onSubmit={() => void submit()}>
        <TextField label="Email" bind={form.bind('email')} error={errors.email} autoComplete="username" inputMode="email" />
        <TextField label="Verification code" bind={form.bind('code')} error={errors.code} autoComplete="one-time-code" inputMode="numeric" />
        <NewPasswordFields bind={form.bind} errors={errors} />
        <FormError message={error} />
        <SubmitButton pending={pending}>Confirm new password</SubmitButton>
      </AuthForm>
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
