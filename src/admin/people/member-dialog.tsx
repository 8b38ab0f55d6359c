/**
 * Invites a person, or edits one: their name, the teams they belong to and administer, and (for the
 * account admin) whether they are an account admin too. A team admin sees only their own teams.
 */
import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { AccountTeam, Member } from '../../api/contract/people';
import { FormError } from '../../ui/form-error';
import { AdminDialog } from '../common/admin-dialog';
import type { FieldErrors } from '../../domain/form-validation';
import { checkEdit, checkInvite, emptyMemberForm, memberFormOf, type MemberFormField, type MemberFormValues } from './member-form';
import type { MemberActions } from './use-member-actions';
import { mailDeliveryAtom } from '../../state/config';

/** What the invite dialog says before inviting when the server will not deliver the mail. */
export const MAIL_NOTICE = {
  held: 'This server has no mail server (CANNERY_SMTP_URL), so invitations wait in its outbox and nobody receives them.',
  off: 'This server sends no mail, so invitations are not emailed: invite people who sign in with their work account, and tell them yourself that Cannery is ready for them.',
} as const;

/** The page's notice after an invitation, saying what became of its mail. */
export function invitedNotice(who: string, mail: 'sent' | 'held' | 'off'): string {
  if (mail === 'held') return `${who} was invited. The email waits in this server's outbox: it has no mail server.`;
  if (mail === 'off') return `${who} was invited. No email was sent (this server sends no mail): tell them they can sign in with their work account.`;
  return `${who} was invited.`;
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  group: { display: 'flex', flexDirection: 'column', border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
  teams: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface MemberDialogProps {
  /** The person to edit; none to invite someone. */
  member: Member | null;
  /** The teams the editor may give or take (live ones). */
  teams: readonly AccountTeam[];
  accountAdmin: boolean;
  actions: Pick<MemberActions, 'invite' | 'update'>;
  onClose: () => void;
  /** Done: what the page says about it. */
  onDone: (message: string) => void;
}

export function MemberDialog(props: MemberDialogProps) {
  const styles = useStyles();
  const formId = useId();
  const { member } = props;
  const mail = useAtomValue(mailDeliveryAtom);
  const [values, setValues] = useState<MemberFormValues>(() => (member ? memberFormOf(member) : { ...emptyMemberForm(), ...(mail === 'off' ? { signIn: 'work-account' as const } : {}) }));
  const [errors, setErrors] = useState<FieldErrors<MemberFormField>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const managed = props.teams.map((team) => team._id);

  const toggle = (key: 'teams' | 'adminTeams' | 'editorTeams', teamId: string, on: boolean) =>
    setValues((current) => ({ ...current, [key]: on ? [...current[key].filter((id) => id !== teamId), teamId] : current[key].filter((id) => id !== teamId) }));

  async function submit() {
    setProblem(null);
    const checked = member ? checkEdit(member, values, { accountAdmin: props.accountAdmin, managed }) : checkInvite(values, { accountAdmin: props.accountAdmin });
    if (checked === null) return props.onClose();
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    const failure = member ? await props.actions.update(member, checked.input) : await props.actions.invite(checked.input as Parameters<MemberActions['invite']>[0]);
    setPending(false);
    if (failure) return setProblem(failure);
    const who = values.name.trim() || values.email.trim();
    props.onDone(member ? `${who} was saved.` : invitedNotice(who, mail));
  }

  return (
    <AdminDialog
      title={member ? `Edit ${member.name ?? member.email}` : 'Invite someone'}
      busy={pending}
      onClose={props.onClose}
      contentClassName={styles.form}
      form={{ id: formId, label: member ? 'Edit person' : 'Invite someone', noValidate: true, onSubmit: () => void submit() }}
      actions={
        <>
          <Button appearance="secondary" onClick={props.onClose} disabledFocusable={pending}>
            Cancel
          </Button>
          <Button type="submit" appearance="primary" disabledFocusable={pending}>
            {pending ? (member ? 'Saving...' : 'Inviting...') : member ? 'Save' : 'Invite'}
          </Button>
        </>
      }
    >
      {!member && mail !== 'sent' && (
        <MessageBar intent={mail === 'off' ? 'info' : 'warning'}>
          <MessageBarBody>{MAIL_NOTICE[mail]}</MessageBarBody>
        </MessageBar>
      )}
      {member ? (
        <Body1>{member.email}</Body1>
      ) : (
        <Field label="Email" required validationState={errors.email ? 'error' : 'none'} validationMessage={errors.email}>
          <Input type="email" autoComplete="off" value={values.email} onChange={(_event, data) => setValues({ ...values, email: data.value })} />
        </Field>
      )}
      <Field label="Name" validationState={errors.name ? 'error' : 'none'} validationMessage={errors.name}>
        <Input autoComplete="off" value={values.name} onChange={(_event, data) => setValues({ ...values, name: data.value })} />
      </Field>
      {!member && (
        <Field label="Signs in with">
          <RadioGroup value={values.signIn} onChange={(_event, data) => setValues({ ...values, signIn: data.value === 'work-account' ? 'work-account' : 'password' })}>
            <Radio value="password" label="A password (Cannery emails a temporary one)" disabled={mail === 'off'} />
            <Radio value="work-account" label="Their work account (Microsoft)" />
          </RadioGroup>
        </Field>
      )}
      <TeamChoices legend="Teams" teams={props.teams} chosen={values.teams} onToggle={(teamId, on) => toggle('teams', teamId, on)} />
      <TeamChoices legend="Admin of" teams={props.teams} chosen={values.adminTeams} onToggle={(teamId, on) => toggle('adminTeams', teamId, on)} />
      {member && (
        <TeamChoices legend="Editor of (changes the team's blocks)" teams={props.teams} chosen={values.editorTeams} onToggle={(teamId, on) => toggle('editorTeams', teamId, on)} />
      )}
      {props.accountAdmin && (
        <Checkbox
          label="Account admin (manages people, teams and the account's settings)"
          checked={values.accountAdmin}
          onChange={(_event, data) => setValues({ ...values, accountAdmin: data.checked === true })}
        />
      )}
      <FormError message={problem} />
    </AdminDialog>
  );
}

function TeamChoices(props: { legend: string; teams: readonly AccountTeam[]; chosen: readonly string[]; onToggle: (teamId: string, on: boolean) => void }) {
  const styles = useStyles();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{props.legend}</legend>
      {props.teams.length === 0 ? (
        <Body1 className={styles.hint}>No teams yet.</Body1>
      ) : (
        <div className={styles.teams}>
          {props.teams.map((team) => (
            <Checkbox key={team._id} label={team.name} checked={props.chosen.includes(team._id)} onChange={(_event, data) => props.onToggle(team._id, data.checked === true)} />
          ))}
        </div>
      )}
    </fieldset>
  );
}
