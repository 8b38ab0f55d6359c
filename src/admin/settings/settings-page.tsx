/**
 * Account settings (the account admin's): the phone-flow buttons, the classification feature and
 * its teams, the authenticator policy, the support address and Home's Frequently Used count, the
 * languages blocks are written in, and just-in-time access for work accounts of listed domains,
 * saved as one whole; below it, the
 * domains the account owns and their proofs (domain-proofs.tsx) and how long records are kept
 * (retention-policy.tsx).
 */
import { useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Subtitle2,
  Switch,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MOST_FREQUENT } from '../../api/contract/most-frequent-limits';
import type { AccountSettings, AccountTeam } from '../../api/contract/people';
import { adminErrorMessage, fetchAccountSettings, fetchAccountTeams, peopleQueryKeys, saveAccountSettings } from '../api/people';
import { queryKeys } from '../../api/query-keys';
import { useAuthServices } from '../../auth/auth-services';
import { DEFAULT_LANGUAGE, LANGUAGES, accountLanguages, type LanguageCode } from '../../domain/languages';
import type { FieldErrors } from '../../domain/form-validation';
import { FormError } from '../../ui/form-error';
import { useAdminAccess } from '../common/admin-access';
import { AdminLayout } from '../common/admin-layout';
import { checkSettings, settingsFormOf, type SettingsField, type SettingsFormValues } from './settings-form';
import { DomainProofs } from './domain-proofs';
import { RetentionPolicy } from './retention-policy';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  // The longest zone names would widen a phone's page past its screen.
  zone: { minWidth: 0, maxWidth: '100%', '& select': { minWidth: 0, maxWidth: '100%', textOverflow: 'ellipsis' } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '640px' },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    border: 'none',
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  heading: { margin: 0 },
  teams: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  number: { maxWidth: '120px' },
  hint: { color: tokens.colorNeutralForeground2 },
  note: { color: tokens.colorNeutralForeground3 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export function AdminSettingsPage() {
  const access = useAdminAccess();
  return (
    <AdminLayout title="Account settings" area="account">
      {access.accountId && <SettingsLoader accountId={access.accountId} />}
    </AdminLayout>
  );
}

function SettingsLoader(props: { accountId: string }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const settings = useQuery({ queryKey: peopleQueryKeys.settings(props.accountId), queryFn: ({ signal }) => fetchAccountSettings(api, props.accountId, signal) });
  const teams = useQuery({ queryKey: peopleQueryKeys.teams(props.accountId), queryFn: ({ signal }) => fetchAccountTeams(api, props.accountId, signal) });
  if (settings.isPending || teams.isPending) return <Spinner label="Loading the settings..." />;
  if (settings.isError || teams.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>The settings could not be loaded. Please reload the page, and if the problem persists contact our team.</MessageBarBody>
      </MessageBar>
    );
  return (
    <div className={styles.page}>
      <SettingsForm accountId={props.accountId} saved={settings.data} teams={teams.data.filter((team) => !team.archived)} />
      <DomainProofs accountId={props.accountId} />
      <RetentionPolicy accountId={props.accountId} />
    </div>
  );
}

function SettingsForm(props: { accountId: string; saved: AccountSettings; teams: readonly AccountTeam[] }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SettingsFormValues>(() => settingsFormOf(props.saved));
  const [errors, setErrors] = useState<FieldErrors<SettingsField>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const change = (next: Partial<SettingsFormValues>) => {
    setSaved(false);
    setValues((current) => ({ ...current, ...next }));
  };

  async function save() {
    setProblem(null);
    setSaved(false);
    const checked = checkSettings(values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      const stored = await saveAccountSettings(api, props.accountId, checked.settings);
      queryClient.setQueryData(peopleQueryKeys.settings(props.accountId), stored);
      await queryClient.invalidateQueries({ queryKey: queryKeys.account(props.accountId) });
      // A newly listed domain is claimed: its DNS record shows under the domains.
      await queryClient.invalidateQueries({ queryKey: peopleQueryKeys.domains(props.accountId) });
      setValues(settingsFormOf(stored));
      setSaved(true);
    } catch (failure) {
      console.warn('Saving the account settings failed', failure);
      setProblem(adminErrorMessage(failure, 'The settings could not be saved.'));
    } finally {
      setPending(false);
    }
  }

  const toggleTeam = (teamId: string, on: boolean) =>
    change({ classificationTeams: on ? [...values.classificationTeams.filter((id) => id !== teamId), teamId] : values.classificationTeams.filter((id) => id !== teamId) });
  const workTeam = props.teams.find((team) => team._id === values.workAccountTeam);
  const toggleLanguage = (code: LanguageCode, on: boolean) =>
    change({ languages: accountLanguages(on ? [...values.languages, code] : values.languages.filter((language) => language !== code)) });

  return (
    <form
      className={styles.form}
      aria-label="Account settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Subtitle2 as="h2" className={styles.heading}>
            Features
          </Subtitle2>
        </legend>
        <Switch label="Phone-flow buttons on Home" checked={values.hasPhoneFlowAccess} onChange={(_event, data) => change({ hasPhoneFlowAccess: data.checked })} />
        <Switch label="Email classification" checked={values.classificationOn} onChange={(_event, data) => change({ classificationOn: data.checked })} />
        {values.classificationOn && (
          <fieldset className={styles.teams}>
            <legend className={styles.legend}>Teams that classify email</legend>
            {props.teams.map((team) => (
              <Checkbox key={team._id} label={team.name} checked={values.classificationTeams.includes(team._id)} onChange={(_event, data) => toggleTeam(team._id, data.checked === true)} />
            ))}
          </fieldset>
        )}
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Subtitle2 as="h2" className={styles.heading}>
            Sign-in
          </Subtitle2>
        </legend>
        <Field label="Authenticator app codes for password users">
          <RadioGroup
            value={values.authenticatorPolicy}
            onChange={(_event, data) => change({ authenticatorPolicy: data.value === 'required' ? 'required' : data.value === 'optional' ? 'optional' : 'off' })}
          >
            <Radio value="off" label="Off: nobody is asked for a code" />
            <Radio value="optional" label="Optional: people who set up an authenticator app are asked" />
            <Radio value="required" label="Required: everyone sets one up at their next sign-in" />
          </RadioGroup>
        </Field>
        <Field
          label="Work-account domains (one per line)"
          hint="Work accounts of these domains get access at their first sign-in, without an invitation, once the domain is verified below."
          validationState={errors.domains ? 'error' : 'none'}
          validationMessage={errors.domains}
        >
          <Textarea value={values.domains} resize="vertical" placeholder="aldercounty.example" onChange={(_event, data) => change({ domains: data.value })} />
        </Field>
        <Field
          label="Microsoft directories (tenant ids, one per line)"
          hint="Only work accounts of these directories may sign in. Empty: any directory the server trusts."
          validationState={errors.tenants ? 'error' : 'none'}
          validationMessage={errors.tenants}
        >
          <Textarea value={values.tenants} resize="vertical" onChange={(_event, data) => change({ tenants: data.value })} />
        </Field>
        <Field label="Team they join" validationState={errors.workAccountTeam ? 'error' : 'none'} validationMessage={errors.workAccountTeam}>
          <Dropdown
            value={workTeam?.name ?? 'No team (off)'}
            selectedOptions={[values.workAccountTeam ?? '']}
            onOptionSelect={(_event, data) => change({ workAccountTeam: data.optionValue || null })}
          >
            <Option value="">No team (off)</Option>
            {props.teams.map((team) => (
              <Option key={team._id} value={team._id}>
                {team.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Subtitle2 as="h2" className={styles.heading}>
            Help and Home
          </Subtitle2>
        </legend>
        <Field label="Time zone" hint="The days blocks and checklists are shown (“Show from”, “Show until”) are days of this time zone.">
          <Select className={styles.zone} value={values.timeZone} onChange={(_event, data) => change({ timeZone: data.value })}>
            {timeZones(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Support email"
          hint="The address the customer-support box offers. Empty: Cannery's own."
          validationState={errors.supportEmail ? 'error' : 'none'}
          validationMessage={errors.supportEmail}
        >
          <Input type="email" value={values.supportEmail} onChange={(_event, data) => change({ supportEmail: data.value })} />
        </Field>
        <Field
          label="Blocks in Frequently Used"
          hint={`How many blocks Home's Frequently Used group shows. Empty: the usual number (${DEFAULT_MOST_FREQUENT} unless your server says otherwise).`}
          validationState={errors.mostFrequent ? 'error' : 'none'}
          validationMessage={errors.mostFrequent}
        >
          <Input className={styles.number} inputMode="numeric" value={values.mostFrequent} onChange={(_event, data) => change({ mostFrequent: data.value })} />
        </Field>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>
          <Subtitle2 as="h2" className={styles.heading}>
            Languages
          </Subtitle2>
        </legend>
        <Body1 className={styles.hint}>Each block can have a version in every language checked here. Members get the version in the language of the email they answer.</Body1>
        <div className={styles.teams}>
          {LANGUAGES.map((language) =>
            language.code === DEFAULT_LANGUAGE ? (
              <Checkbox key={language.code} label={language.name} checked disabled aria-describedby="default-language-note" />
            ) : (
              <Checkbox
                key={language.code}
                label={language.name}
                checked={values.languages.includes(language.code)}
                onChange={(_event, data) => toggleLanguage(language.code, data.checked === true)}
              />
            ),
          )}
        </div>
        <Caption1 id="default-language-note" className={styles.note}>
          English is the default language: every block's own text is English.
        </Caption1>
      </fieldset>

      <FormError message={problem} />
      {saved && (
        <div role="status">
          <MessageBar intent="success">
            <MessageBarBody>The settings were saved.</MessageBarBody>
          </MessageBar>
        </div>
      )}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary" disabled={pending}>
          {pending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

/** Every IANA time zone this browser knows, with `current` among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, current])];
}
