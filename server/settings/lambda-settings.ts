/** The settings only the AWS Lambda functions read (infra/ sets them; docs/deploy-aws.md): part of schema.ts's table. */
import { raw, reader } from './readers';
import { spec } from './spec';
import { readUserPool } from './values';

export const LAMBDA_SETTINGS = {
  CANNERY_USER_POOL: spec({
    section: 'lambda', deploy: 'lambda', default: 'cognito',
    description: 'which user pool signs users in: cognito (named in CANNERY_POOL_ID, CANNERY_POOL_CLIENT_ID and CANNERY_TRUSTED_ISSUERS) or built-in (served at /identity on CANNERY_PUBLIC_ORIGIN)',
    type: reader(readUserPool),
  }),
  CANNERY_DATABASE_SECRET: spec({
    section: 'lambda', deploy: 'lambda',
    description: "the ARN of the database's secret in Secrets Manager (the JSON Amazon RDS keeps), read at start into CANNERY_DATABASE_URL with TLS verified",
    type: raw,
  }),
  CANNERY_DATABASE_HOST: spec({
    section: 'lambda', deploy: 'lambda', defaultNote: "the secret's `host`",
    description: "the host to connect to instead of the secret's (an RDS Proxy's endpoint)", type: raw,
  }),
  CANNERY_POOL_DATA_KEY_SECRET: spec({
    section: 'lambda', deploy: 'lambda',
    description: 'the ARN of a secret of 32 or more random characters; its SHA-256 in base64 becomes CANNERY_POOL_DATA_KEY', type: raw,
  }),
  CANNERY_SECRETS: spec({
    section: 'lambda', deploy: 'lambda',
    description: 'JSON mapping CANNERY_SSO_CLIENT_SECRET, CANNERY_SMTP_URL, CANNERY_POOL_DATA_KEY, CANNERY_DATABASE_URL or CANNERY_ORIGIN_SECRET to secret ARNs, read at start (a setting already set is kept)',
    type: raw,
  }),
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: spec({
    section: 'lambda', deploy: 'lambda', external: true, default: '2773',
    description: 'where the AWS Parameters and Secrets Lambda Extension answers (the extension layer sets it)', type: raw,
  }),
  AWS_SESSION_TOKEN: spec({
    section: 'lambda', deploy: 'lambda', external: true, secret: true, defaultNote: 'set by Lambda',
    description: 'the token the Parameters and Secrets extension asks for (Lambda sets it)', type: raw,
  }),
};
