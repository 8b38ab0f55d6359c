import { useAuthServices } from '../../auth/auth-services';
import { changePasswordErrorMessage, isSessionInvalid } from '../../auth/errors';
import { validateChangePassword } from '../../domain/form-validation';
import { navigate } from '../../state/location';
import { AppLink } from '../../ui/app-link';
import { AuthForm, NewPasswordFields, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { useBlurForm } from '../../ui/use-blur-form';
import { useLogout } from '../../user/sign-in-state';
import { useValidatedSubmit } from '../sign-in/use-validated-submit';

/** Change password (rules §2 "Change password"; rules §5, messages §8). */
export function ChangePasswordScreen() {
  const { userPool } = useAuthServices();
  const logout = useLogout();
  const form = useBlurForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const { submit, pending, error, errors } = useValidatedSubmit({
    form,
    validate: validateChangePassword,
    services: userPool,
    action: 'Changing the password',
    run: async (values, pool) => {
      await pool.updatePassword({ oldPassword: values.currentPassword, newPassword: values.newPassword });
      navigate('change-password-success');
    },
    failure: async (failure) => {
      // A revoked or expired session cannot change anything: clean up and sign out (rules §8).
      if (!isSessionInvalid(failure)) return changePasswordErrorMessage(failure);
      await logout('session-ended');
      return null;
    },
  });

  return (
    <Page title="Change Password" actions={<AppLink to="home">Home</AppLink>}>
      <AuthForm label="Change Password" onSubmit={() => void submit()}>
        <TextField
          label="Current password"
          type="password"
          bind={form.bind('currentPassword')}
          error={errors.currentPassword}
          autoComplete="current-password"
        />
        <NewPasswordFields bind={form.bind} errors={errors} />
        <FormError message={error} />
        <SubmitButton pending={pending}>Update Password</SubmitButton>
      </AuthForm>
    </Page>
  );
}
