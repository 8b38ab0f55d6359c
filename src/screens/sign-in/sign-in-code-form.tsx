import { useState } from 'react';
import { Checkbox } from '@fluentui/react-components';
import { codeErrorMessage } from '../../auth/errors';
import { completeWithCode } from '../../auth/sign-in-flow';
import { authenticatorCodeDigits, validateAuthenticatorCode } from '../../domain/form-validation';
import { useApplySignInOutcome, useSignInDeps } from '../../user/sign-in-state';
import { AuthForm, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { useBlurForm } from '../../ui/use-blur-form';
import { useValidatedSubmit } from './use-validated-submit';

/**
 * The code that finishes a sign-in: from the authenticator app (the code step), or the app's first
 * code (its setup during sign-in). 'Remember this device' asks the pool to skip the code on this
 * device from now on. A refused code shows the identity service's message and keeps the form.
 */
export function SignInCodeForm(props: { label: string; action: string }) {
  const deps = useSignInDeps();
  const applyOutcome = useApplySignInOutcome();
  const form = useBlurForm({ code: '' });
  const [remember, setRemember] = useState(false);
  const { submit, pending, error, errors } = useValidatedSubmit({
    form,
    validate: validateAuthenticatorCode,
    services: deps,
    action: props.action,
    run: async (values, signInDeps) =>
      applyOutcome(await completeWithCode(signInDeps, { code: authenticatorCodeDigits(values.code) ?? '', rememberDevice: remember })),
    failure: codeErrorMessage,
  });

  return (
    <AuthForm label={props.label} onSubmit={() => void submit()}>
      <TextField label="Code" bind={form.bind('code')} error={errors.code} autoComplete="one-time-code" inputMode="numeric" />
      <Checkbox label="Remember this device" checked={remember} onChange={(_event, data) => setRemember(data.checked === true)} />
      <FormError message={error} />
      <SubmitButton pending={pending}>Verify</SubmitButton>
    </AuthForm>
  );
}
