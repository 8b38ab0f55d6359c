import { useState } from 'react';
import { Body1, Checkbox } from '@fluentui/react-components';
import { codeErrorMessage } from '../../auth/errors';
import { completeWithCode } from '../../auth/sign-in-flow';
import { authenticatorCodeDigits, validateAuthenticatorCode } from '../../domain/form-validation';
import { useApplySignInOutcome, useSignInDeps } from '../../session/sign-in-state';
import { AppLink } from '../common/app-link';
import { AuthForm, FormError, SubmitButton, TextField } from '../common/form-bits';
import { Page } from '../common/page';
import { useBlurForm } from '../common/use-blur-form';
import { useValidatedSubmit } from '../common/use-validated-submit';

/**
 * The code step of a sign-in (spec §4 "MFA or TOTP required"): after the password, the code the
 * user's authenticator app shows. 'Remember this device' asks the pool to skip this step on this
 * device from now on. A refused code shows the identity service's message and keeps the form.
 */
export function ConfirmSignInScreen() {
  const deps = useSignInDeps();
  const applyOutcome = useApplySignInOutcome();
  const form = useBlurForm({ code: '' });
  const [remember, setRemember] = useState(false);
  const { submit, pending, error, errors } = useValidatedSubmit({
    form,
    validate: validateAuthenticatorCode,
    services: deps,
    action: 'Signing in with an authenticator code',
    run: async (values, signInDeps) =>
      applyOutcome(await completeWithCode(signInDeps, { code: authenticatorCodeDigits(values.code) ?? '', rememberDevice: remember })),
    failure: codeErrorMessage,
  });

  return (
    <Page title="Enter your code">
      <Body1>Open the authenticator app on your phone and enter the 6-digit code it shows for Cannery.</Body1>
      <AuthForm label="Enter your code" onSubmit={() => void submit()}>
        <TextField label="Code" bind={form.bind('code')} error={errors.code} autoComplete="one-time-code" inputMode="numeric" />
        <Checkbox label="Remember this device" checked={remember} onChange={(_event, data) => setRemember(data.checked === true)} />
        <FormError message={error} />
        <SubmitButton pending={pending}>Verify</SubmitButton>
      </AuthForm>
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}
