import { Body1 } from '@fluentui/react-components';
import { newPasswordErrorMessage } from '../../auth/errors';
import { completeNewPassword } from '../../auth/sign-in-flow';
import { validateFirstTimePassword } from '../../domain/form-validation';
import { AppLink } from '../../ui/app-link';
import { AuthForm, NewPasswordFields, SubmitButton } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { useBlurForm } from '../../ui/use-blur-form';
import { useApplySignInOutcome, useSignInDeps } from '../../user/sign-in-state';
import { useValidatedSubmit } from './use-validated-submit';

/**
 * First sign-in with a temporary password (rules §2 "First-time password"): the new password
 * answers the pending sign-in, which then finishes like any other (tips, or could-not-find-user).
 */
export function ChangeFirstTimePasswordScreen() {
  const deps = useSignInDeps();
  const applyOutcome = useApplySignInOutcome();
  const form = useBlurForm({ newPassword: '', confirmPassword: '' });
  const { submit, pending, error, errors } = useValidatedSubmit({
    form,
    validate: validateFirstTimePassword,
    services: deps,
    action: 'Setting the first password',
    // The outcome navigates (tips, could-not-find-user) or names a challenge to show here.
    run: async (values, signInDeps) => applyOutcome(await completeNewPassword(signInDeps, values.newPassword)),
    failure: newPasswordErrorMessage,
  });

  return (
    <Page title="Welcome to Cannery">
      <Body1>
        Welcome! Before you start, choose a new password for your account.
      </Body1>
      <AuthForm label="Set your password" onSubmit={() => void submit()}>
        <NewPasswordFields bind={form.bind} errors={errors} />
        <FormError message={error} />
        <SubmitButton pending={pending}>Update Password</SubmitButton>
      </AuthForm>
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
