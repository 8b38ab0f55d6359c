/**
 * Settings that are secrets, read from AWS Secrets Manager when a Lambda handler starts, so that
 * no password or key sits in the function's configuration. They are fetched through the AWS
 * Parameters and Secrets Lambda Extension (a layer `infra/` adds, answering on localhost at
 * PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, default 2773) and written into the environment before
 * the handler reads its configuration:
 * - `CANNERY_DATABASE_SECRET`: the RDS secret's JSON becomes CANNERY_DATABASE_URL, TLS verified against the
 *   Lambda runtime's certificates (NODE_EXTRA_CA_CERTS); `CANNERY_DATABASE_HOST` replaces its host.
 * - `CANNERY_POOL_DATA_KEY_SECRET`: a generated random string; its SHA-256, in base64, becomes
 *   CANNERY_POOL_DATA_KEY (Secrets Manager cannot generate 32 bytes in base64 itself).
 * - `CANNERY_SECRETS`: JSON mapping other settings to secrets holding the setting as it is, e.g.
 *   `{"CANNERY_SSO_CLIENT_SECRET":"arn:…","CANNERY_SMTP_URL":"arn:…"}`.
 * A setting already in the environment (under its new or old name) is left as it is. Nothing here is ever logged.
 */
import { createHash } from 'node:crypto';
import { isSet, OLD_NAMES } from '../settings/load';
import type { SettingName } from '../settings/schema';

/** Reads one secret's string by its ARN or name. */
export type SecretReader = (secretId: string) => Promise<string>;

/** Settings `CANNERY_SECRETS` may fill: the server's secret values, nothing that changes what code runs. */
const SECRET_SETTINGS = new Set<SettingName>(['CANNERY_SSO_CLIENT_SECRET', 'CANNERY_SMTP_URL', 'CANNERY_POOL_DATA_KEY', 'CANNERY_DATABASE_URL', 'CANNERY_ORIGIN_SECRET']);
type SecretSetting = 'CANNERY_SSO_CLIENT_SECRET' | 'CANNERY_SMTP_URL' | 'CANNERY_POOL_DATA_KEY' | 'CANNERY_DATABASE_URL' | 'CANNERY_ORIGIN_SECRET';

/** The Parameters and Secrets extension's HTTP endpoint, authenticated with the invocation's session token. */
export function extensionSecretReader(env: NodeJS.ProcessEnv): SecretReader {
  const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || '2773';
  return async (secretId) => {
    const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
      headers: { 'X-Aws-Parameters-Secrets-Token': env.AWS_SESSION_TOKEN ?? '' },
    });
    if (!response.ok) throw new Error(`Secrets Manager did not give the secret ${secretId} (HTTP ${response.status} from the Parameters and Secrets extension): check the function's role and the extension layer.`);
    const body = (await response.json()) as { SecretString?: unknown };
    if (typeof body.SecretString !== 'string') throw new Error(`The secret ${secretId} holds no text value.`);
    return body.SecretString;
  };
}

/** Fills the secret settings into `env` (see the file's comment); throws a message naming the setting at fault. */
export async function applyLambdaSecrets(env: NodeJS.ProcessEnv, read: SecretReader = extensionSecretReader(env)): Promise<void> {
  const databaseSecret = env.CANNERY_DATABASE_SECRET;
  if (databaseSecret && !isSet(env, 'CANNERY_DATABASE_URL')) env.CANNERY_DATABASE_URL = databaseUrlFrom(await read(databaseSecret), env.CANNERY_DATABASE_HOST);
  const dataKeySecret = env.CANNERY_POOL_DATA_KEY_SECRET;
  if (dataKeySecret && !env.CANNERY_POOL_DATA_KEY) {
    const seed = await read(dataKeySecret);
    if (seed.length < 32) throw new Error('CANNERY_POOL_DATA_KEY_SECRET must name a secret of at least 32 random characters.');
    env.CANNERY_POOL_DATA_KEY = createHash('sha256').update(seed, 'utf8').digest('base64');
  }
  for (const [name, secretId] of Object.entries(secretMap(env.CANNERY_SECRETS)) as Array<[SecretSetting, string]>) {
    if (!isSet(env, name)) env[name] = await read(secretId);
  }
}

function secretMap(value: string | undefined): Partial<Record<SecretSetting, string>> {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('CANNERY_SECRETS must be JSON mapping settings to secret ARNs: {"CANNERY_SSO_CLIENT_SECRET":"arn:aws:secretsmanager:…"}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('CANNERY_SECRETS must be a JSON object mapping settings to secret ARNs.');
  // An old name (SMTP_URL) fills its setting under the new one (CANNERY_SMTP_URL).
  const entries = Object.entries(parsed as Record<string, unknown>).map(([name, secretId]) => [OLD_NAMES.get(name) ?? name, secretId] as const);
  for (const [name, secretId] of entries) {
    if (!SECRET_SETTINGS.has(name as SettingName)) throw new Error(`CANNERY_SECRETS may fill ${[...SECRET_SETTINGS].join(', ')}; "${name.slice(0, 40)}" is not one of them.`);
    if (typeof secretId !== 'string' || secretId === '') throw new Error(`CANNERY_SECRETS: the secret of ${name} must be an ARN or a secret's name.`);
  }
  return Object.fromEntries(entries);
}

/** A PostgreSQL URL from Amazon RDS's secret JSON, TLS verified. */
export function databaseUrlFrom(secret: string, hostOverride: string | undefined): string {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(secret) as Record<string, unknown>;
  } catch {
    throw new Error('CANNERY_DATABASE_SECRET must name a secret holding JSON with username, password, host, port and dbname (what Amazon RDS keeps).');
  }
  const text = (key: string) => (typeof fields[key] === 'string' || typeof fields[key] === 'number' ? String(fields[key]) : '');
  const host = hostOverride || text('host');
  if (!text('username') || !text('password') || !host) {
    throw new Error('CANNERY_DATABASE_SECRET must name a secret holding JSON with username, password, host, port and dbname (what Amazon RDS keeps).');
  }
  const url = new URL('postgres://localhost');
  url.username = encodeURIComponent(text('username'));
  url.password = encodeURIComponent(text('password'));
  url.hostname = host;
  url.port = text('port') || '5432';
  url.pathname = `/${encodeURIComponent(text('dbname') || 'postgres')}`;
  url.searchParams.set('sslmode', 'verify-full');
  return url.toString();
}
