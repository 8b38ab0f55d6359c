import type { FocusEvent } from 'react';
import { Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTeams } from '../../api/teams';
import { useAuthServices } from '../../auth/auth-services';
import { userTeamIds } from '../../domain/teams';
import { AppLink } from '../../ui/app-link';
import { AuthForm, RestoredWorkNotice, SubmitButton, TextField } from '../../ui/form-bits';
import { FormError } from '../../ui/form-error';
import { Page } from '../../ui/page';
import { TeamSelector } from '../../ui/team-selector';
import { useBlurForm, type FieldBinding } from '../../ui/use-blur-form';
import { useCurrentUser } from '../../user/current-user';
import { useSelectedTeam } from '../../state/use-selected-team';
import { useKeepWork, useRestoredWork } from '../../state/kept-work';
import { hasErrors } from '../../domain/form-validation';
import { validateSuggestion, validateSuggestionField } from './suggestion-rules';
import { useSubmitSuggestion } from './use-submit-suggestion';

/** The Block Content textarea's height (rules §9). */
const CONTENT_ROWS = 10;

// As in form-bits: a line stays reserved for the message, so one appearing on blur cannot move
// the submit button from under a click.
const useStyles = makeStyles({ message: { minHeight: tokens.lineHeightBase200 } });

/**
 * Suggest a new block (rules §2 "Suggest block"; rules §5; the call rules §7). The suggestion goes to the
 * team chosen in the selector, which is the team choice Home shows and saves; with one team, to it.
 */
export function SuggestAutoResponseScreen() {
  const { api } = useAuthServices();
  const user = useCurrentUser();
  const { teams } = useTeams(api, user);
  const { team, select } = useSelectedTeam(teams, user?.account);
  // What was typed here before the session ended comes back after signing in again.
  const restored = useRestoredWork<{ name: string; body: string }>('suggestion');
  const form = useBlurForm(restored ?? { name: '', body: '' });
  useKeepWork('suggestion', form.values);
  const { submit, pending, error } = useSubmitSuggestion({ api, user, teamId: team?._id ?? soleTeamId(user) });

  const nameError = form.committed.name === undefined ? undefined : validateSuggestionField('name', form.committed.name);
  const bodyError = form.committed.body === undefined ? undefined : validateSuggestionField('body', form.committed.body);

  function onSubmit() {
    const values = form.commitAll();
    if (hasErrors(validateSuggestion(values))) return;
    void submit(values);
  }

  return (
    <Page title="Suggest New Block" actions={<AppLink to="home">Home</AppLink>}>
      <AuthForm label="Suggest New Block" onSubmit={onSubmit}>
        {restored && <RestoredWorkNotice />}
        <TeamSelector teams={teams} selected={team} onSelect={select} />
        <TextField label="Name" bind={form.bind('name')} error={nameError} />
        <TextareaField label="Block Content" bind={form.bind('body')} error={bodyError} />
        <FormError message={error} />
        <SubmitButton pending={pending}>Submit Suggestion</SubmitButton>
      </AuthForm>
    </Page>
  );
}

/** The user's team while the teams list is still loading, when they have only one. */
function soleTeamId(user: ReturnType<typeof useCurrentUser>): string | null {
  const ids = user ? userTeamIds(user) : [];
  return ids.length === 1 ? ids[0]! : null;
}

function TextareaField(props: { label: string; bind: FieldBinding; error: string | undefined }) {
  const styles = useStyles();
  const { bind } = props;
  return (
    <Field label={props.label} validationMessage={{ className: styles.message, children: props.error }} validationState={props.error ? 'error' : 'none'}>
      <Textarea
        rows={CONTENT_ROWS}
        resize="vertical"
        value={bind.value}
        onChange={(event, data) => bind.onChange(event, data)}
        // The binding is typed for inputs but reads only `currentTarget.value`, which a textarea has.
        onBlur={(event) => bind.onBlur(event as unknown as FocusEvent<HTMLInputElement>)}
      />
    </Field>
  );
}
