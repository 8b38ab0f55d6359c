/** The shape of one setting of the table in schema.ts, and the sections docs/configuration.md groups them in. */
import type { z } from 'zod';

/** Where a setting applies: the Node server and its CLI, the Lambda functions, or both. */
export type Deployment = 'node' | 'lambda' | 'both';

/** The groups of docs/configuration.md and .env.example, in order. */
export const SECTIONS = {
  required: 'Required',
  server: 'Server: where it listens and what it is',
  proxy: 'Behind a proxy, hosts and origins',
  product: 'Product',
  monitoring: 'Monitoring: metrics, traces and shutdown (docs/monitoring.md)',
  pool: 'Built-in user pool',
  cognito: 'AWS Cognito (the Lambda entry, whose users sign in to Cognito)',
  mail: 'Mail queue (reset codes wait in the database until sent: npm run cannery -- mail status)',
  identity: 'Other identity services',
  lambda: 'AWS Lambda only (infra/ sets these; docs/deploy-aws.md)',
} as const;

export interface SettingSpec<T> {
  section: keyof typeof SECTIONS;
  deploy: Deployment;
  /** One line for operators. */
  description: string;
  /** The value the server uses when the setting is unset, as written in the environment. */
  default?: string;
  /** What the documentation says of the default when a value alone does not say it. */
  defaultNote?: string;
  secret?: boolean;
  /** The name this setting had before; still read, with a warning at start. */
  old?: string;
  /** Set by the platform (Node, Lambda), so not prefixed. */
  external?: boolean;
  /** Written uncommented into .env.example with this value (the self-host kit's required settings). */
  example?: string;
  /** The zod schema that reads the raw value; `name` is the variable it came from, for messages. */
  type: (name: string) => z.ZodType<T, string | undefined>;
}

export function spec<T>(setting: SettingSpec<T>): SettingSpec<T> {
  return setting;
}

