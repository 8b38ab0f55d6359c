/**
 * Applies the committed migrations on AWS Lambda, once per deploy: the deployment calls this
 * handler after the database is up and before the API's new code takes traffic (a CDK trigger in
 * `infra/`). It takes the same setup lock as every server start, so API instances that cold-start
 * meanwhile wait for it and find nothing left to do. It answers which engine it migrated; a
 * failure fails the invocation, and with it the deploy.
 */
import { loadConfig } from '../config';
import { applyLambdaSecrets } from './lambda-secrets';
import { openDatabase } from '../db/database';

// Secrets (the database's, the pool's data key, the SSO client secret) come from Secrets Manager.
await applyLambdaSecrets(process.env);
const config = loadConfig();
if (!config.databaseUrl) throw new Error('CANNERY_DATABASE_URL is required on Lambda: PGlite keeps data on local disk.');
const databaseUrl = config.databaseUrl;

export async function handler(): Promise<{ migrated: 'postgres' }> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    await database.migrate();
    return { migrated: 'postgres' };
  } finally {
    await database.close();
  }
}
