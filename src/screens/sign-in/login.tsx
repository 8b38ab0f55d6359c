import { useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { MESSAGES, loginErrorMessage } from '../../auth/errors';
import { signInWithPassword } from '../../auth/sign-in-flow';
import { VALIDATION, hasErrors, validateLogin, validateLoginEmail, validateLoginPassword } from '../../domain/form-validation';
import { AppLink } from '../../ui/app-link';
import { AuthForm, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { SupportBox } from '../../ui/support-box';
import { useBlurForm } from '../../ui/use-blur-form';
import { useApplySignInOutcome, useSignInDeps, useWorkAccountSignIn } from '../../user/sign-in-state';
import { useSupportEmail } from '../../user/support-email';
import { signInLockoutMinutesAtom } from '../../state/config';
import { signedOutNoticeAtom } from '../../state/auth';
import { keptWorkAtom } from '../../state/kept-work';

const useStyles = makeStyles({ links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' } });

/** Sign-in (rules §2 "Login screen", §4 "Login form": idle, waiting, then an error or success). */
export function LoginScreen() {
  const styles = useStyles();
  const deps = useSignInDeps();
  const signInWithWorkAccount = useWorkAccountSignIn();
  const [workAccountPending, setWorkAccountPending] = useState(false);
  const applyOutcome = useApplySignInOutcome();
  const supportEmail = useSupportEmail();
  // Spaces around a pasted address are dropped; one inside it is still an error (rules §5).
  const form = useBlurForm({ email: '', password: '' }, { tidy: { email: (email) => email.trim() } });
  const lockoutMinutes = useAtomValue(signInLockoutMinutesAtom);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Why the server ended the last session ("User is disabled."), until the user tries again.
  const [notice, setNotice] = useAtom(signedOutNoticeAtom);
  // Whether what the user was typing when the session ended waits for them to sign in again.
  const workKept = useAtomValue(keptWorkAtom) !== null;

  const emailError = form.committed.email === undefined ? undefined : validateLoginEmail(form.committed.email);
  const passwordError = form.committed.password === undefined ? undefined : validateLoginPassword(form.committed.password);

  // Whether this form already has a sign-in running; that attempt owns the waiting state.
  const running = useRef(false);

  async function submit() {
    const values = form.commitAll();
    if (hasErrors(validateLogin(values))) return;
    if (!deps) {
      setError(MESSAGES.signInUnavailable);
      return;
    }
    const ownsForm = !running.current;
    running.current = true;
    setError(null);
    setNotice(null);
    setPending(true);
    try {
      const message = applyOutcome(await signInWithPassword(deps, { username: values.email, password: values.password }));
      if (ownsForm) setError(message);
    } catch (failure) {
      // A duplicate refused by the pool ('Pending sign-in attempt already in progress') only says
      // why it did nothing; the attempt still running settles the waiting state (see `finally`).
      setError(loginErrorMessage(failure, { minutes: lockoutMinutes, now: new Date() }));
    } finally {
      if (ownsForm) {
        running.current = false;
        setPending(false);
      }
    }
  }

  async function startWorkAccount() {
    if (!signInWithWorkAccount || workAccountPending) return;
    setError(null);
    setNotice(null);
    setWorkAccountPending(true);
    try {
      const message = await signInWithWorkAccount();
      setError(message);
    } finally {
      setWorkAccountPending(false);
    }
  }

  return (
    <Page title="Log in">
      <AuthForm label="Log in" onSubmit={() => void submit()}>
        <TextField label="Email" bind={form.bind('email')} error={emailError} autoComplete="username" inputMode="email" />
        <TextField label="Password" type="password" bind={form.bind('password')} error={passwordError} autoComplete="current-password" />
        <FormError message={error ?? (notice && workKept ? `${notice}\n${MESSAGES.workKept}` : notice)} />
        <SubmitButton pending={pending} pendingLabel="loading...">
          Log in
        </SubmitButton>
        {/* Below the button, not under the field: the notice comes and goes with the email's message
            as the field is left, and above the button it would move it from under a click. */}
        {emailError === VALIDATION.emailWhitespace && (
          <MessageBar intent="warning">
            <MessageBarBody>
              Your email contains a space. Remove it and try again.
            </MessageBarBody>
          </MessageBar>
        )}
      </AuthForm>
      {signInWithWorkAccount && (
        <Button onClick={() => void startWorkAccount()} disabled={workAccountPending} aria-busy={workAccountPending}>
          {workAccountPending ? 'Signing in with your work account…' : 'Sign in with your work account'}
        </Button>
      )}
      <nav className={styles.links} aria-label="Account recovery">
        <AppLink to="forgot-password-request">Reset Password</AppLink>
        <AppLink to="retrieve-account">Use verification code</AppLink>
      </nav>
      <SupportBox email={supportEmail} />
    </Page>
  );
}
