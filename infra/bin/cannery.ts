/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy --all` from infra/ (or `npm run deploy:aws` from
 * the repository). Settings are context values (cdk.json, or `-c name=value`), see
 * docs/deploy-aws.md. The account is not pinned: synth needs no AWS credentials, and deploy
 * goes to the account of the credentials in use.
 */
import { App } from 'aws-cdk-lib';
import { buildCannery } from '../lib/app';

buildCannery(new App());
