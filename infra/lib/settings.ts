/**
 * The deployment's settings: CDK context values (`cdk.json`'s `context`, or `-c name=value` on the
 * command line), each checked here so that a wrong one stops `cdk synth` with a message naming it.
 * Every setting is listed in docs/deploy-aws.md.
 */

export interface CannerySettings {
  /** AWS region of the API, the database and the bucket (`region`, default us-east-1). */
  region: string;
  /** Who signs users in (`identity`): an AWS Cognito user pool (default) or Cannery's built-in pool. */
  identity: 'cognito' | 'built-in';
  /** An RDS Proxy between the functions and the database (`rdsProxy`, default false). */
  rdsProxy: boolean;
  /** Aurora Serverless v2 capacity in ACUs (`databaseMinCapacity` 0.5, `databaseMaxCapacity` 4). */
  databaseMinCapacity: number;
  databaseMaxCapacity: number;
  /** Days automated backups are kept (`backupDays`, 7 to 35, default 7). */
  backupDays: number;
  /** Days every log group keeps its logs (`logRetentionDays`, default 30). */
  logRetentionDays: number;
  /** Where alarms are mailed (`alarmEmail`); unset, the SNS topic has no subscriber until one is added. */
  alarmEmail: string | undefined;
  /** A custom domain for CloudFront (`domainName`) and its ACM certificate in us-east-1 (`certificateArn`). */
  domainName: string | undefined;
  certificateArn: string | undefined;
  /** A domain verified in Amazon SES (`sesDomain`): Cognito sends its mail through it, and it gets DKIM records. */
  sesDomain: string | undefined;
  /** The From address of mail (`mailFrom`), in `sesDomain` when SES is used. */
  mailFrom: string | undefined;
  /** Who runs the deployment and how to reach them (`operatorName`, `operatorContact`), named on /privacy, /terms and /support. */
  operatorName: string | undefined;
  operatorContact: string | undefined;
  /** A secret the operator made holding Cannery's CANNERY_SMTP_URL (`smtpUrlSecretArn`); set, the mail queue's sender runs every minute. */
  smtpUrlSecretArn: string | undefined;
  /** `mail: "off"`: the deployment sends no mail on purpose (no invitations by mail, no reset codes of the built-in pool). */
  mailOff: boolean;
  /** Work-account sign-in (`ssoAuthority`, `ssoClientId`): the client secret is a secret the stack makes for the operator to fill. */
  ssoAuthority: string | undefined;
  ssoClientId: string | undefined;
  /** Requests one address may make per 5 minutes to the sign-in and reset paths before WAF blocks it (`signInRateLimit`, default 300). */
  signInRateLimit: number;
  /** Requests one address may make per 5 minutes to the whole API (`apiRateLimit`, default 6000). */
  apiRateLimit: number;
  /** More browser origins allowed to call the API (`allowedOrigins`, comma-separated): the published extension's `chrome-extension://<id>`. */
  allowedOrigins: string[];
  /**
   * How many proxies stand before the function and write X-Forwarded-For (`trustedProxyHops`,
   * default 1: CloudFront; API Gateway's source IP is CloudFront's edge). Cannery's per-address
   * caps count the address before them.
   */
  trustedProxyHops: number;
  /** Folder of the built web app (`webDir`, default ../dist/web): `npm run build:web` writes it. */
  webDir: string;
}

/** Reads a context value; `undefined` when absent or empty. */
export type ContextReader = (name: string) => unknown;

const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d$/;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

export function readSettings(read: ContextReader): CannerySettings {
  const text = (name: string): string | undefined => {
    const value = read(name);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new SettingsError(`Context "${name}" must be text, got ${JSON.stringify(value)}.`);
    return value.trim();
  };
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const value = read(name);
    if (value === undefined || value === null || value === '') return fallback;
    const parsed = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) throw new SettingsError(`Context "${name}" must be a number from ${min} to ${max}, got ${JSON.stringify(value)}.`);
    return parsed;
  };
  const flag = (name: string): boolean => {
    const value = read(name);
    if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
    if (value === true || value === 'true') return true;
    throw new SettingsError(`Context "${name}" must be true or false, got ${JSON.stringify(value)}.`);
  };
  const region = text('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new SettingsError(`Context "region" must be an AWS region such as eu-west-1, got "${region}".`);
  const identity = text('identity') ?? 'cognito';
  if (identity !== 'cognito' && identity !== 'built-in') throw new SettingsError(`Context "identity" must be "cognito" or "built-in", got "${identity}".`);
  const databaseMinCapacity = number('databaseMinCapacity', 0.5, 0, 256);
  const databaseMaxCapacity = number('databaseMaxCapacity', 4, 1, 256);
  if (databaseMaxCapacity < databaseMinCapacity) throw new SettingsError('Context "databaseMaxCapacity" must be at least "databaseMinCapacity".');
  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) throw new SettingsError('Contexts "domainName" and "certificateArn" go together: CloudFront serves a domain with its certificate.');
  if (certificateArn && !/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new SettingsError('Context "certificateArn" must be an ACM certificate in us-east-1 (CloudFront takes its certificates from there).');
  }
  const alarmEmail = text('alarmEmail');
  if (alarmEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) throw new SettingsError('Context "alarmEmail" must be an email address.');
  const sesDomain = text('sesDomain');
  const mailFrom = text('mailFrom');
  const operatorName = text('operatorName');
  const operatorContact = text('operatorContact');
  if (sesDomain && !mailFrom) throw new SettingsError('Context "sesDomain" needs "mailFrom" (an address in that domain, such as no-reply@' + sesDomain + ').');
  const smtpUrlSecretArn = text('smtpUrlSecretArn');
  if (smtpUrlSecretArn && !/^arn:aws:secretsmanager:/.test(smtpUrlSecretArn)) throw new SettingsError('Context "smtpUrlSecretArn" must be the ARN of a Secrets Manager secret.');
  const mail = text('mail');
  if (mail !== undefined && mail !== 'off') throw new SettingsError(`Context "mail" must be "off" or unset, got "${mail.slice(0, 40)}".`);
  if (mail === 'off' && smtpUrlSecretArn) throw new SettingsError('Contexts "mail" "off" and "smtpUrlSecretArn" are both set: remove one.');
  if (mail !== 'off' && !smtpUrlSecretArn) {
    throw new SettingsError(
      identity === 'built-in'
        ? 'Context "identity" "built-in" mails invitations and password-reset codes: set "smtpUrlSecretArn" to a secret holding your CANNERY_SMTP_URL (docs/deploy-aws.md), or "mail" "off" to send no mail.'
        : 'Cannery mails invitations: set "smtpUrlSecretArn" to a secret holding your CANNERY_SMTP_URL (docs/deploy-aws.md), or "mail" "off" if this deployment sends no mail on purpose.',
    );
  }
  const ssoAuthority = text('ssoAuthority');
  const ssoClientId = text('ssoClientId');
  if ((ssoAuthority === undefined) !== (ssoClientId === undefined)) throw new SettingsError('Contexts "ssoAuthority" and "ssoClientId" go together.');
  if (ssoAuthority && !/^https:\/\//.test(ssoAuthority)) throw new SettingsError('Context "ssoAuthority" must be an https URL (https://login.microsoftonline.com/<tenant-id>/v2.0).');
  const allowedOrigins = (text('allowedOrigins') ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of allowedOrigins) {
    if (!/^(?:https:\/\/[a-z0-9.-]+(?::\d+)?|chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f-]{36})$/.test(origin)) {
      throw new SettingsError(`Context "allowedOrigins" must be origins separated by commas (chrome-extension://<id>, https://host), got "${origin.slice(0, 80)}".`);
    }
  }
  return {
    allowedOrigins,
    region,
    identity,
    rdsProxy: flag('rdsProxy'),
    databaseMinCapacity,
    databaseMaxCapacity,
    backupDays: number('backupDays', 7, 7, 35),
    logRetentionDays: number('logRetentionDays', 30, 1, 3653),
    alarmEmail,
    domainName,
    certificateArn,
    sesDomain,
    mailFrom,
    operatorName,
    operatorContact,
    smtpUrlSecretArn,
    mailOff: mail === 'off',
    ssoAuthority,
    ssoClientId,
    signInRateLimit: number('signInRateLimit', 300, 10, 2_000_000_000),
    apiRateLimit: number('apiRateLimit', 6000, 10, 2_000_000_000),
    trustedProxyHops: number('trustedProxyHops', 1, 1, 3),
    webDir: text('webDir') ?? '../dist/web',
  };
}
