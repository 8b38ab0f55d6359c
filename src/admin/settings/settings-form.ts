/**
 * The account settings form as text the admin types, turned into the settings the API takes
 * (checked with its schema), or a sentence per field that is wrong. Empty support email and
 * Frequently Used count mean the deployment's own; domains are one per line (or comma separated);
 * the languages always hold English, first, then the others in the order of `LANGUAGES`.
 */
import { MAX_MOST_FREQUENT } from '../../api/contract/most-frequent-limits';
import { accountSettings, type AccountSettings } from '../../api/contract/people';
import { fieldSentence, type FieldErrors } from '../../domain/form-validation';
import { accountLanguages, type LanguageCode } from '../../domain/languages';

export interface SettingsFormValues {
  hasPhoneFlowAccess: boolean;
  classificationOn: boolean;
  classificationTeams: string[];
  authenticatorPolicy: AccountSettings['authenticatorPolicy'];
  supportEmail: string;
  mostFrequent: string;
  domains: string;
  workAccountTeam: string | null;
  tenants: string;
  /** The IANA time zone of the account's dates. */
  timeZone: string;
  /** The languages its blocks are written in: English always, first. */
  languages: LanguageCode[];
}

export type SettingsField = 'supportEmail' | 'mostFrequent' | 'domains' | 'workAccountTeam' | 'tenants';

export function settingsFormOf(settings: AccountSettings): SettingsFormValues {
  return {
    hasPhoneFlowAccess: settings.hasPhoneFlowAccess,
    classificationOn: settings.emailClassificationFeature.on,
    classificationTeams: [...settings.emailClassificationFeature.teams],
    authenticatorPolicy: settings.authenticatorPolicy,
    supportEmail: settings.supportEmail ?? '',
    mostFrequent: settings.numMostFreqAutoResponses === null ? '' : String(settings.numMostFreqAutoResponses),
    domains: settings.workAccountAccess.domains.join('\n'),
    workAccountTeam: settings.workAccountAccess.team,
    tenants: settings.workAccountAccess.tenants.join('\n'),
    timeZone: settings.timeZone ?? 'UTC',
    languages: accountLanguages(settings.languages),
  };
}

const linesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);

export function checkSettings(values: SettingsFormValues): { settings: AccountSettings } | { errors: FieldErrors<SettingsField> } {
  const errors: FieldErrors<SettingsField> = {};
  const count = values.mostFrequent.trim();
  let numMostFreqAutoResponses: number | null = null;
  if (count !== '') {
    const number = Number(count);
    if (!/^\d+$/.test(count) || number < 1 || number > MAX_MOST_FREQUENT) errors.mostFrequent = `Enter a whole number from 1 to ${MAX_MOST_FREQUENT}, or leave it empty for the usual number.`;
    else numMostFreqAutoResponses = number;
  }
  const domains = linesOf(values.domains);
  const tenants = linesOf(values.tenants);
  if (domains.length > 0 && !values.workAccountTeam) errors.workAccountTeam = 'Choose the team that people of these domains join.';
  const candidate = {
    hasPhoneFlowAccess: values.hasPhoneFlowAccess,
    emailClassificationFeature: { on: values.classificationOn, teams: values.classificationTeams },
    authenticatorPolicy: values.authenticatorPolicy,
    supportEmail: values.supportEmail.trim() === '' ? null : values.supportEmail,
    numMostFreqAutoResponses,
    workAccountAccess: { domains, team: values.workAccountTeam, tenants },
    timeZone: values.timeZone,
    languages: accountLanguages(values.languages),
  };
  const parsed = accountSettings.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second, third] = issue.path;
      if (first === 'supportEmail') errors.supportEmail ??= fieldSentence('The support email', issue.message);
      else if (first === 'workAccountAccess' && second === 'domains') {
        const subject = typeof third === 'number' ? `"${domains[third] ?? ''}"` : 'The list of domains';
        errors.domains ??= fieldSentence(subject, issue.message);
      } else if (first === 'workAccountAccess' && second === 'tenants') {
        const subject = typeof third === 'number' ? `"${tenants[third] ?? ''}"` : 'The list of directories';
        errors.tenants ??= fieldSentence(subject, issue.message);
      }
    }
  }
  if (Object.values(errors).some(Boolean)) return { errors };
  if (!parsed.success) return { errors: { domains: 'These settings cannot be saved.' } };
  return { settings: parsed.data };
}
