import { useState } from 'react';
import { Body1, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useAuthServices } from '../../auth/auth-services';
import { codeErrorMessage, deviceErrorMessage } from '../../auth/errors';
import type { TotpSetup, UserPoolClient } from '../../auth/user-pool';
import { authenticatorCodeDigits, validateAuthenticatorCode } from '../../domain/form-validation';
import { pendingAuthenticatorSetupAtom } from '../../user/pending-authenticator';
import { navigate } from '../../state/location';
import { AppLink } from '../../ui/app-link';
import { AuthForm, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { SignInCodeForm } from './sign-in-code-form';
import { useBlurForm } from '../../ui/use-blur-form';
import { useRunOnce } from '../../ui/use-run-once';
import { useValidatedSubmit } from './use-validated-submit';
import { MFA_SETTINGS_QUERY_KEY } from './use-sign-in-security';
import { AuthenticatorSetupDetails } from './authenticator-setup-details';

const TITLE = 'Set up your authenticator app';

/**
 * The account requires a second factor and this user has none (rules §4 "MFA setup"): the sign-in
 * pauses here while the user adds Cannery to an authenticator app, and the app's first code
 * finishes both the setup and the sign-in.
 */
export function SignInAuthenticatorSetupScreen() {
  const setup = useAtomValue(pendingAuthenticatorSetupAtom);
  if (!setup) {
    return (
      <Page title={TITLE}>
        <Body1>This sign-in is no longer in progress. Please log in again to set up your authenticator app.</Body1>
        <AppLink to="login">Back to login</AppLink>
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      <Body1>Your organisation asks for a second sign-in step: a code from an authenticator app. Set it up now to finish signing in.</Body1>
      <AuthenticatorSetupDetails setup={setup} />
      <SignInCodeForm label={TITLE} action="Setting up an authenticator at sign-in" />
      <AppLink to="login">Back to login</AppLink>
    </Page>
  );
}

/** From User settings: adds an authenticator app to the signed-in user and turns it on. */
export function SettingsAuthenticatorSetupScreen() {
  const { userPool } = useAuthServices();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const form = useBlurForm({ code: '' });

  useRunOnce(async () => {
    if (!userPool) return;
    try {
      setSetup(await userPool.setUpAuthenticator());
    } catch (failure) {
      console.warn('Starting an authenticator setup failed', failure);
      setStartError(deviceErrorMessage(failure));
    }
  });

  const { submit, pending, error, errors } = useValidatedSubmit<'code', UserPoolClient>({
    form,
    validate: validateAuthenticatorCode,
    services: userPool,
    action: 'Turning on an authenticator',
    run: async (values, pool) => {
      await pool.turnOnAuthenticator({ code: authenticatorCodeDigits(values.code) ?? '' });
      await queryClient.invalidateQueries({ queryKey: MFA_SETTINGS_QUERY_KEY });
      navigate('user-settings');
    },
    failure: codeErrorMessage,
  });

  return (
    <Page title={TITLE}>
      <Body1>Once it is on, signing in asks for a code from the app after your password.</Body1>
      {startError && (
        <MessageBar intent="error">
          <MessageBarBody>{startError}</MessageBarBody>
        </MessageBar>
      )}
      {!setup && !startError && <Spinner size="small" label="Preparing your key..." />}
      {setup && (
        <>
          <AuthenticatorSetupDetails setup={setup} />
          <AuthForm label={TITLE} onSubmit={() => void submit()}>
            <TextField label="Code" bind={form.bind('code')} error={errors.code} autoComplete="one-time-code" inputMode="numeric" />
            <FormError message={error} />
            <SubmitButton pending={pending}>Turn on</SubmitButton>
          </AuthForm>
        </>
      )}
      <AppLink to="user-settings">Cancel</AppLink>
    </Page>
  );
}
