/**
 * The production shape, asserted on the synthesised CloudFormation (aws-cdk-lib/assertions), with
 * cdk.json's context: its feature flags, and CloudFormation validation with warnings as errors, so
 * a finding of the validator fails these tests as it fails `cdk synth`. Two deployments are
 * synthesised: the defaults (us-east-1, Cognito) with mail off, and one with every option (eu-west-1, the
 * built-in pool, RDS Proxy, SES, SMTP, work accounts, a domain). The Lambda bundle is not built
 * here (the smoke test in the server suite covers it): its bundling is skipped.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Annotations, App, CfnResource, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildCannery } from '../lib/app';
import { readSettings, SettingsError } from '../lib/settings';
import { ORIGIN_HEADER, SIGN_IN_PATHS } from '../../server/http/edge';

const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

/** A stand-in for `dist/web`: the files the stack checks for (the real build is deployed by `cdk deploy`). */
const webDir = mkdtempSync(join(tmpdir(), 'cannery-web-'));
mkdirSync(join(webDir, 'outlook'));
writeFileSync(join(webDir, 'outlook', 'taskpane.html'), '<!doctype html><title>Cannery</title>');

function synth(context: Record<string, unknown> = {}) {
  const app = new App({ context: { ...cdkJson.context, webDir, ...context, 'aws:cdk:bundling-stacks': [] } });
  const stacks = buildCannery(app);
  // Runs the validator; with cdk.json's flags any finding, warnings included, throws.
  const assembly = app.synth();
  return { edge: Template.fromStack(stacks.edge), cannery: Template.fromStack(stacks.cannery), stacks, assembly };
}

const ALL_OPTIONS = {
  region: 'eu-west-1',
  identity: 'built-in',
  rdsProxy: true,
  alarmEmail: 'ops@county.example',
  domainName: 'cannery.county.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
  sesDomain: 'county.example',
  mailFrom: 'Cannery <no-reply@county.example>',
  smtpUrlSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:cannery/smtp-url-AbCdEf',
  ssoAuthority: 'https://login.microsoftonline.com/00000000-0000-4000-8000-000000000001/v2.0',
  ssoClientId: '11111111-2222-4333-8444-555555555555',
  allowedOrigins: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
  operatorName: 'Cedar County Clerk',
  operatorContact: 'privacy@county.example',
};

const defaults = synth({ mail: 'off' });
const options = synth(ALL_OPTIONS);
type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[] }>;
const resourcesOf = (template: Template, type: string) => template.findResources(type) as Resources;
const only = (template: Template, type: string) => {
  const found = Object.entries(resourcesOf(template, type));
  assert.equal(found.length, 1, `one ${type}`);
  return found[0]!;
};
const functionByHandler = (template: Template, handler: string) => {
  const found = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).find(([, resource]) => resource.Properties?.Handler === handler);
  assert.ok(found, `a function with handler ${handler}`);
  return found;
};
const environmentOf = (template: Template, handler: string) => (functionByHandler(template, handler)[1].Properties!.Environment as { Variables: Record<string, unknown> }).Variables;

describe('synthesis', () => {
  it('passes CloudFormation validation with warnings as errors, offline, for both deployments', () => {
    assert.equal(cdkJson.context['@aws-cdk/core:validateAgainstDefaultRules'], true);
    assert.equal(cdkJson.context['@aws-cdk/core:strictCfnValidateErrors'], true);
    for (const { assembly } of [defaults, options]) {
      const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as { pluginReports: Array<{ violations: unknown[] }> };
      assert.deepEqual(report.pluginReports.flatMap((plugin) => plugin.violations), []);
    }
  });

  it('fails on what the validator finds: the rules are on', () => {
    const app = new App({ context: { ...cdkJson.context } });
    const stack = new Stack(app, 'Broken', { env: { region: 'us-east-1' } });
    // A bucket with a property CloudFormation does not know.
    new CfnResource(stack, 'Bucket', { type: 'AWS::S3::Bucket', properties: { NoSuchProperty: true } });
    assert.throws(() => app.synth(), /Validation|NoSuchProperty/);
  });

  it('fails on a warning as well', () => {
    const warned = (warning: boolean) => {
      const app = new App({ context: { ...cdkJson.context } });
      const stack = new Stack(app, 'Warned', { env: { region: 'us-east-1' } });
      new CfnResource(stack, 'Topic', { type: 'AWS::SNS::Topic', properties: {} });
      if (warning) Annotations.of(stack).addWarningV2('cannery:test-warning', 'A warning a construct raised');
      return () => app.synth();
    };
    assert.doesNotThrow(warned(false));
    assert.throws(warned(true), /Validation failed/);
  });

  it('refuses wrong settings with a message naming the setting', () => {
    const read = (values: Record<string, unknown>) => () => readSettings((name) => ({ mail: 'off', ...values })[name]);
    assert.throws(read({ identity: 'ldap' }), new SettingsError('Context "identity" must be "cognito" or "built-in", got "ldap".'));
    assert.throws(read({ backupDays: 3 }), /Context "backupDays" must be a number from 7 to 35/);
    assert.throws(read({ region: 'mars-1' }), /Context "region" must be an AWS region/);
    assert.throws(read({ identity: 'built-in', mail: undefined }), /"identity" "built-in" mails invitations and password-reset codes: set "smtpUrlSecretArn"/);
    assert.throws(read({ mail: undefined }), /Cannery mails invitations: set "smtpUrlSecretArn" .* or "mail" "off"/);
    assert.throws(read({ mail: 'on' }), /Context "mail" must be "off" or unset/);
    assert.throws(read({ smtpUrlSecretArn: ALL_OPTIONS.smtpUrlSecretArn }), /"mail" "off" and "smtpUrlSecretArn" are both set/);
    assert.doesNotThrow(read({ identity: 'built-in' }));
    assert.throws(read({ domainName: 'cannery.example.org' }), /go together/);
    assert.throws(read({ certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x', domainName: 'a.example' }), /in us-east-1/);
    assert.throws(read({ rdsProxy: 'yes' }), /Context "rdsProxy" must be true or false/);
    assert.throws(read({ allowedOrigins: 'chrome-extension://abc,javascript:alert(1)' }), /Context "allowedOrigins" must be origins/);
    assert.throws(() => synth({ mail: 'off', webDir: join(webDir, 'missing') }), /holds no built task pane: run npm run build:web/);
  });
});

describe('CloudFront', () => {
  it('serves the site from a private bucket through origin access control', () => {
    const [, bucket] = only(defaults.cannery, 'AWS::S3::Bucket');
    assert.deepEqual(bucket.Properties!.PublicAccessBlockConfiguration, { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    defaults.cannery.hasResourceProperties('AWS::CloudFront::OriginAccessControl', { OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' } });
    defaults.cannery.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject', Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } } })]) },
    });
    const [, distribution] = only(defaults.cannery, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties!.DistributionConfig as { Origins: Array<{ S3OriginConfig?: unknown; OriginAccessControlId?: unknown }>; DefaultCacheBehavior: { ViewerProtocolPolicy: string } };
    assert.ok(config.Origins.some((origin) => origin.S3OriginConfig && origin.OriginAccessControlId));
    assert.equal(config.DefaultCacheBehavior.ViewerProtocolPolicy, 'redirect-to-https');
  });

  it('routes /api/*, /identity/* and the privacy, terms and support pages to the API, uncached, every method, behind the web ACL', () => {
    const [, distribution] = only(defaults.cannery, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties!.DistributionConfig as { CacheBehaviors: Array<{ PathPattern: string; CachePolicyId: string; AllowedMethods: string[]; TargetOriginId: string }>; WebACLId: unknown; Origins: Array<{ Id: string; CustomOriginConfig?: { OriginProtocolPolicy: string } }> };
    const byPath = new Map(config.CacheBehaviors.map((behavior) => [behavior.PathPattern, behavior]));
    for (const path of ['/api/*', '/identity', '/identity/*', '/privacy', '/terms', '/support']) {
      const behavior = byPath.get(path);
      assert.ok(behavior, path);
      // CloudFront's managed CachingDisabled policy.
      assert.equal(behavior.CachePolicyId, '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', path);
      assert.ok(behavior.AllowedMethods.includes('POST') && behavior.AllowedMethods.includes('DELETE'), path);
      const origin = config.Origins.find((candidate) => candidate.Id === behavior.TargetOriginId);
      assert.equal(origin?.CustomOriginConfig?.OriginProtocolPolicy, 'https-only');
    }
    assert.ok(config.WebACLId, 'a web ACL');
  });
});

describe('security headers', () => {
  it('let Outlook frame the task pane and nobody the other pages, with the Node server\'s page policy', () => {
    const policies = resourcesOf(defaults.cannery, 'AWS::CloudFront::ResponseHeadersPolicy');
    const [, distribution] = only(defaults.cannery, 'AWS::CloudFront::Distribution');
    const config = distribution.Properties!.DistributionConfig as { DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: string } }; CacheBehaviors: Array<{ PathPattern: string; ResponseHeadersPolicyId: { Ref: string } }> };
    const headersOf = (ref: { Ref: string }) => (policies[ref.Ref]!.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy?: { ContentSecurityPolicy: string }; FrameOptions?: { FrameOption: string } } }).SecurityHeadersConfig;
    const app = headersOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    assert.match(app.ContentSecurityPolicy!.ContentSecurityPolicy, /frame-ancestors 'none'/);
    assert.match(app.ContentSecurityPolicy!.ContentSecurityPolicy, /connect-src 'self' https:\/\/cognito-idp\.us-east-1\.amazonaws\.com;/);
    assert.equal(app.FrameOptions?.FrameOption, 'DENY');
    const taskPane = headersOf(config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/outlook/*')!.ResponseHeadersPolicyId);
    assert.match(taskPane.ContentSecurityPolicy!.ContentSecurityPolicy, /frame-ancestors 'self' https:\/\/outlook\.office\.com .*https:\/\/\*\.cloud\.microsoft$/);
    assert.match(taskPane.ContentSecurityPolicy!.ContentSecurityPolicy, /script-src 'self' https:\/\/appsforoffice\.microsoft\.com/);
    assert.equal(taskPane.FrameOptions, undefined);
    const api = headersOf(config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!.ResponseHeadersPolicyId);
    assert.equal(api.ContentSecurityPolicy, undefined, 'the API sets its own');
  });
});

describe('the API', () => {
  it('is an HTTP API invoking the Lambda bundle (Node 22, arm64) with payload 2.0', () => {
    defaults.cannery.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const [apiId, api] = functionByHandler(defaults.cannery, 'api.handler');
    assert.equal(api.Properties!.Runtime, 'nodejs22.x');
    assert.deepEqual(api.Properties!.Architectures, ['arm64']);
    defaults.cannery.hasResourceProperties('AWS::ApiGatewayV2::Integration', { IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0', IntegrationUri: { 'Fn::GetAtt': [apiId, 'Arn'] } });
    defaults.cannery.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'ANY /{proxy+}' });
    const environment = environmentOf(defaults.cannery, 'api.handler');
    assert.equal(environment.CANNERY_MODE, 'production');
    assert.equal(environment.CANNERY_TRUSTED_PROXIES, '1', 'CloudFront');
    assert.ok(environment.CANNERY_PUBLIC_ORIGIN);
    assert.equal(environment.CANNERY_MAIL, 'off', 'no SMTP secret: the API says nothing is mailed');
    assert.equal(environmentOf(options.cannery, 'api.handler').CANNERY_MAIL, undefined, 'the mail function sends the queue');
    // Secrets are read at start, never kept in the configuration.
    assert.equal(environment.CANNERY_DATABASE_URL, undefined);
    assert.equal(environment.CANNERY_POOL_DATA_KEY, undefined);
    assert.ok(environment.CANNERY_DATABASE_SECRET);
    const layers = api.Properties!.Layers as unknown[];
    assert.equal(layers.length, 1, 'the Parameters and Secrets extension');
  });

  it('runs in private subnets that reach out through NAT, not from the internet', () => {
    const [, api] = functionByHandler(defaults.cannery, 'api.handler');
    assert.ok((api.Properties!.VpcConfig as { SubnetIds: unknown[] }).SubnetIds.length >= 2);
    defaults.cannery.resourceCountIs('AWS::EC2::NatGateway', 1);
  });
});

describe('the database', () => {
  it('is Aurora Serverless v2 PostgreSQL 16: encrypted, private, protected from deletion, backups kept 7 days or more', () => {
    const [, cluster] = only(defaults.cannery, 'AWS::RDS::DBCluster');
    const properties = cluster.Properties!;
    assert.equal(properties.Engine, 'aurora-postgresql');
    assert.match(String(properties.EngineVersion), /^16\./);
    assert.equal(properties.StorageEncrypted, true);
    assert.equal(properties.DeletionProtection, true);
    assert.ok(Number(properties.BackupRetentionPeriod) >= 7);
    assert.deepEqual(properties.ServerlessV2ScalingConfiguration, { MinCapacity: 0.5, MaxCapacity: 4 });
    assert.equal(properties.EnableHttpEndpoint, true, 'the Data API, for the operator');
    const [, instance] = only(defaults.cannery, 'AWS::RDS::DBInstance');
    assert.equal(instance.Properties!.DBInstanceClass, 'db.serverless');
    assert.equal(instance.Properties!.PubliclyAccessible, false);
    defaults.cannery.hasResource('AWS::RDS::DBCluster', { DeletionPolicy: 'Snapshot', UpdateReplacePolicy: 'Snapshot' });
    defaults.cannery.hasResourceProperties('AWS::RDS::DBClusterParameterGroup', { Parameters: { 'rds.force_ssl': '1' } });
  });

  it('lives in isolated subnets: no route out of their route tables', () => {
    const [, subnetGroup] = only(defaults.cannery, 'AWS::RDS::DBSubnetGroup');
    const subnetIds = (subnetGroup.Properties!.SubnetIds as Array<{ Ref: string }>).map((ref) => ref.Ref);
    const associations = Object.values(resourcesOf(defaults.cannery, 'AWS::EC2::SubnetRouteTableAssociation'));
    const tables = associations.filter((association) => subnetIds.includes((association.Properties!.SubnetId as { Ref: string }).Ref)).map((association) => (association.Properties!.RouteTableId as { Ref: string }).Ref);
    assert.equal(tables.length, subnetIds.length);
    const routes = Object.values(resourcesOf(defaults.cannery, 'AWS::EC2::Route')).filter((route) => tables.includes((route.Properties!.RouteTableId as { Ref: string }).Ref));
    assert.deepEqual(routes, []);
  });

  it('keeps its credentials in Secrets Manager, read by the functions', () => {
    defaults.cannery.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ GenerateStringKey: 'password', SecretStringTemplate: '{"username":"cannery"}' }) });
    defaults.cannery.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], Resource: { Ref: Match.stringLikeRegexp('^DatabaseSecretAttachment') } })]) },
    });
  });

  it('offers RDS Proxy: TLS required, and the functions connect through it', () => {
    defaults.cannery.resourceCountIs('AWS::RDS::DBProxy', 0);
    const [proxyId, proxy] = only(options.cannery, 'AWS::RDS::DBProxy');
    assert.equal(proxy.Properties!.RequireTLS, true);
    assert.deepEqual(environmentOf(options.cannery, 'api.handler').CANNERY_DATABASE_HOST, { 'Fn::GetAtt': [proxyId, 'Endpoint'] });
  });
});

describe('identity', () => {
  it('by default is a Cognito pool: admin-created users, the spec\'s password policy, authenticator MFA, remembered devices', () => {
    const [poolId, pool] = only(defaults.cannery, 'AWS::Cognito::UserPool');
    const properties = pool.Properties!;
    assert.deepEqual(properties.AdminCreateUserConfig, { AllowAdminCreateUserOnly: true });
    assert.deepEqual(properties.Policies, {
      PasswordPolicy: { MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true, TemporaryPasswordValidityDays: 7 },
    });
    assert.equal(properties.MfaConfiguration, 'OPTIONAL');
    assert.deepEqual(properties.UserPoolTier, 'LITE');
    assert.deepEqual(properties.EnabledMfas, ['SOFTWARE_TOKEN_MFA']);
    assert.deepEqual(properties.DeviceConfiguration, { ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: true });
    defaults.cannery.hasResourceProperties('AWS::Cognito::UserPoolClient', { GenerateSecret: false, ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']), PreventUserExistenceErrors: 'ENABLED' });
    const environment = environmentOf(defaults.cannery, 'api.handler');
    assert.equal(environment.CANNERY_USER_POOL, 'cognito');
    assert.deepEqual(environment.CANNERY_POOL_ID, { Ref: poolId });
    assert.match(JSON.stringify(environment.CANNERY_TRUSTED_ISSUERS), /https:\/\/cognito-idp\.us-east-1\.amazonaws\.com\//);
  });

  it('or the built-in pool, its data key seeded from Secrets Manager', () => {
    options.cannery.resourceCountIs('AWS::Cognito::UserPool', 0);
    const environment = environmentOf(options.cannery, 'api.handler');
    assert.equal(environment.CANNERY_USER_POOL, 'built-in');
    assert.equal(environment.CANNERY_POOL_ID, 'eu-west-1_cannery');
    assert.ok(environment.CANNERY_POOL_DATA_KEY_SECRET);
    options.cannery.hasResourceProperties('AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('CANNERY_POOL_DATA_KEY'), GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
  });

  it('keeps the work-account client secret in Secrets Manager and maps it for the API, CANNERY_SMTP_URL for the mail function', () => {
    options.cannery.hasResourceProperties('AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('client secret') });
    const environment = environmentOf(options.cannery, 'api.handler');
    assert.equal(environment.CANNERY_SSO_AUTHORITY, ALL_OPTIONS.ssoAuthority);
    const secrets = JSON.stringify(environment.CANNERY_SECRETS);
    assert.match(secrets, /CANNERY_SSO_CLIENT_SECRET/);
    assert.match(JSON.stringify(environmentOf(options.cannery, 'mail.handler').CANNERY_SECRETS), /CANNERY_SMTP_URL/);
    // The published extension (its store id) may call the API.
    assert.equal(environment.CANNERY_ALLOWED_ORIGINS, 'chrome-extension://abcdefghijklmnopabcdefghijklmnop');
  });

  it('names the operator on the privacy, terms and support pages, and names nobody when not told', () => {
    const environment = environmentOf(options.cannery, 'api.handler');
    assert.equal(environment.CANNERY_OPERATOR_NAME, 'Cedar County Clerk');
    assert.equal(environment.CANNERY_OPERATOR_CONTACT, 'privacy@county.example');
    assert.equal(environmentOf(defaults.cannery, 'api.handler').CANNERY_OPERATOR_NAME, undefined);
  });
});

describe('deploys', () => {
  it('migrate once per deploy: a trigger runs the migration handler after the database and before the API', () => {
    const [migrateId] = functionByHandler(defaults.cannery, 'migrate.handler');
    const [apiId, api] = functionByHandler(defaults.cannery, 'api.handler');
    const [triggerId, trigger] = only(defaults.cannery, 'Custom::Trigger');
    const version = (trigger.Properties!.HandlerArn as { Ref: string }).Ref;
    assert.deepEqual(resourcesOf(defaults.cannery, 'AWS::Lambda::Version')[version]?.Properties?.FunctionName, { Ref: migrateId });
    const [clusterId] = only(defaults.cannery, 'AWS::RDS::DBCluster');
    assert.ok(JSON.stringify(trigger.DependsOn ?? []).includes(clusterId), 'after the database');
    assert.ok((api.DependsOn ?? []).some((dependency) => dependency.startsWith(triggerId)), `${apiId} after the migration`);
  });

  it('give operators the admin CLI as a function, reading the same secrets, outside the API', () => {
    const [adminId, admin] = functionByHandler(defaults.cannery, 'admin.handler');
    assert.equal(admin.Properties!.Runtime, 'nodejs22.x');
    assert.ok(environmentOf(defaults.cannery, 'admin.handler').CANNERY_DATABASE_SECRET);
    defaults.cannery.hasOutput('AdminFunctionName', { Value: { Ref: adminId } });
    // No route of the API reaches it: only the API function is integrated.
    for (const integration of Object.values(resourcesOf(defaults.cannery, 'AWS::ApiGatewayV2::Integration'))) {
      assert.doesNotMatch(JSON.stringify(integration.Properties!.IntegrationUri), new RegExp(adminId));
    }
  });

  it('put the site and the Outlook manifest, pointed at the deployment, into the bucket', () => {
    const [, deployment] = only(defaults.cannery, 'Custom::CDKBucketDeployment');
    assert.equal((deployment.Properties!.SourceObjectKeys as unknown[]).length, 2);
    assert.match(JSON.stringify(deployment.Properties!.SourceMarkers), /DomainName/);
  });
});

describe('protection', () => {
  it('a web ACL for CloudFront rate-limits the sign-in and reset paths and the API', () => {
    const [, acl] = only(defaults.edge, 'AWS::WAFv2::WebACL');
    assert.equal(acl.Properties!.Scope, 'CLOUDFRONT');
    const rules = acl.Properties!.Rules as Array<{ Name: string; Statement: { RateBasedStatement?: { Limit: number; ScopeDownStatement: unknown } } }>;
    const rate = new Map(rules.filter((rule) => rule.Statement.RateBasedStatement).map((rule) => [rule.Name, rule.Statement.RateBasedStatement!]));
    assert.deepEqual([...rate.keys()], ['password-resets', 'sign-in', 'api']);
    assert.match(JSON.stringify(rate.get('sign-in')!.ScopeDownStatement), /"\/identity"/);
    assert.match(JSON.stringify(rate.get('password-resets')!.ScopeDownStatement), /ForgotPassword/);
    assert.ok(rate.get('password-resets')!.Limit < rate.get('sign-in')!.Limit);
    assert.deepEqual(defaults.stacks.edge.region, 'us-east-1');
  });

  it("the sign-in rule covers every sign-in and token path of the server's own list", () => {
    const [, acl] = only(defaults.edge, 'AWS::WAFv2::WebACL');
    const rules = acl.Properties!.Rules as Array<{ Name: string; Statement: { RateBasedStatement?: { ScopeDownStatement: unknown } } }>;
    const signIn = JSON.stringify(rules.find((rule) => rule.Name === 'sign-in')!.Statement.RateBasedStatement!.ScopeDownStatement);
    const covered = [...signIn.matchAll(/"SearchString":"([^"]+)"/g)].map((match) => match[1]);
    assert.ok(SIGN_IN_PATHS.length >= 3);
    for (const path of SIGN_IN_PATHS) assert.ok(covered.some((prefix) => path.toLowerCase().startsWith(prefix!)), `${path} is rate-limited (covered: ${covered.join(', ')})`);
    // Matched as the server routes: escapes decoded and dot segments resolved first.
    assert.match(signIn, /"Type":"URL_DECODE".*"Type":"NORMALIZE_PATH".*"Type":"LOWERCASE"/);
  });

  it('CloudFront proves its API requests with a generated secret, which the API function reads and requires', () => {
    for (const { cannery } of [defaults, options]) {
      const [, distribution] = only(cannery, 'AWS::CloudFront::Distribution');
      const config = distribution.Properties!.DistributionConfig as { Origins: Array<{ CustomOriginConfig?: unknown; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }> }> };
      const apiOrigins = config.Origins.filter((origin) => origin.CustomOriginConfig);
      assert.equal(apiOrigins.length, 1);
      const header = apiOrigins[0]!.OriginCustomHeaders?.find((custom) => custom.HeaderName === ORIGIN_HEADER);
      assert.ok(header, 'the API origin carries the origin header');
      assert.match(JSON.stringify(header.HeaderValue), /resolve:secretsmanager/);
      const [secretId] = Object.entries(resourcesOf(cannery, 'AWS::SecretsManager::Secret')).find(([, secret]) => /X-Cannery-Origin/.test(String(secret.Properties?.Description)))!;
      assert.match(JSON.stringify(header.HeaderValue), new RegExp(secretId));
      assert.match(JSON.stringify(environmentOf(cannery, 'api.handler').CANNERY_SECRETS), /CANNERY_ORIGIN_SECRET/);
    }
  });

  it('each function reads only the secrets it needs', () => {
    const template = options.cannery;
    const secretIds = Object.entries(resourcesOf(template, 'AWS::SecretsManager::Secret')).map(([id]) => id);
    const named = (pattern: RegExp) => secretIds.find((id) => pattern.test(id))!;
    // The database's secret is granted through its attachment to the instance.
    const database = 'database';
    const readable = (handler: string) => {
      const [, fn] = functionByHandler(template, handler);
      const role = JSON.stringify(fn.Properties!.Role);
      const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((policy) => JSON.stringify(policy.Properties!.Roles).includes(role.replace(/^\{"Fn::GetAtt":\["([^"]+)".*$/, '$1')));
      const statements = policies.flatMap((policy) => (policy.Properties!.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> }).Statement);
      const reads = statements.filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:GetSecretValue'));
      const text = JSON.stringify(reads.map((statement) => statement.Resource));
      return [...secretIds.filter((id) => !/DatabaseSecret/.test(id)), 'smtp-url']
        .filter((id) => text.includes(id))
        .concat(/DatabaseSecret/.test(text) ? ['database'] : [])
        .sort();
    };
    const dataKey = named(/PoolDataKey/);
    const sso = named(/SsoClientSecret/);
    const origin = named(/OriginSecret/);
    assert.deepEqual(readable('api.handler'), [database, dataKey, origin, sso].sort());
    assert.deepEqual(readable('migrate.handler'), [database]);
    assert.deepEqual(readable('admin.handler'), [database, dataKey].sort());
    assert.deepEqual(readable('mail.handler'), [database, 'smtp-url'].sort());
    // What a function is told to load at start is what it may read.
    assert.equal(environmentOf(template, 'migrate.handler').CANNERY_SECRETS, undefined);
    assert.equal(environmentOf(template, 'migrate.handler').CANNERY_POOL_DATA_KEY_SECRET, undefined);
    assert.doesNotMatch(JSON.stringify(environmentOf(template, 'api.handler').CANNERY_SECRETS), /CANNERY_SMTP_URL/);
    assert.match(JSON.stringify(environmentOf(template, 'mail.handler').CANNERY_SECRETS), /CANNERY_SMTP_URL/);
  });

  it('the Cognito pool, which clients reach directly, has its own web ACL rate-limiting sign-in and reset codes', () => {
    const [aclId, acl] = only(defaults.cannery, 'AWS::WAFv2::WebACL');
    assert.equal(acl.Properties!.Scope, 'REGIONAL');
    const rules = acl.Properties!.Rules as Array<{ Name: string; Statement: { RateBasedStatement: { ScopeDownStatement: unknown } } }>;
    assert.deepEqual(rules.map((rule) => rule.Name), ['password-resets', 'sign-in']);
    assert.match(JSON.stringify(rules[0]!.Statement.RateBasedStatement.ScopeDownStatement), /\.ForgotPassword".*\.ConfirmForgotPassword"/);
    assert.match(JSON.stringify(rules[1]!.Statement.RateBasedStatement.ScopeDownStatement), /\.InitiateAuth".*\.RespondToAuthChallenge"/);
    const [poolId] = only(defaults.cannery, 'AWS::Cognito::UserPool');
    defaults.cannery.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] }, WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] } });
    options.cannery.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });

  it('mail goes through SES: a verified domain for Cognito, and the queue\'s sender every minute over SMTP', () => {
    options.cannery.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'county.example' });
    defaults.cannery.resourceCountIs('AWS::SES::EmailIdentity', 0);
    functionByHandler(options.cannery, 'mail.handler');
    options.cannery.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
  });
});

describe('operations', () => {
  it('alarms on API 5xx, p99 latency, function errors and throttles, database CPU and connections, lockouts, stuck mail and readiness checked from outside, to one SNS topic', () => {
    const [topicId] = only(defaults.cannery, 'AWS::SNS::Topic');
    const alarms = Object.values(resourcesOf(defaults.cannery, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties!);
    const seen = alarms.map((alarm) => `${String(alarm.Namespace)}/${String(alarm.MetricName)}${alarm.ExtendedStatistic ? `/${String(alarm.ExtendedStatistic)}` : ''}`).sort();
    assert.deepEqual(seen, ['AWS/ApiGateway/5xx', 'AWS/ApiGateway/Latency/p99', 'AWS/Lambda/Errors', 'AWS/Lambda/Errors', 'AWS/Lambda/Errors', 'AWS/Lambda/Throttles', 'AWS/Lambda/Throttles', 'AWS/RDS/CPUUtilization', 'AWS/RDS/DatabaseConnections', 'Cannery/cannery.lockouts']);
    for (const alarm of alarms) assert.deepEqual(alarm.AlarmActions, [{ Ref: topicId }]);
    // Readiness, checked from outside through the CDN every five minutes.
    const [, check] = functionByHandler(defaults.cannery, 'index.handler');
    const url = JSON.stringify((check.Properties!.Environment as { Variables: { READY_URL: unknown } }).Variables.READY_URL);
    assert.match(url, /\/api\/health\/ready/);
    defaults.cannery.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(5 minutes)' });
    // With a mail function, the queue's own metrics too.
    options.cannery.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Cannery', MetricName: 'cannery.mail.queue.oldest.age.seconds', Statistic: 'Maximum', Threshold: 900 });
    options.cannery.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'Cannery', MetricName: 'cannery.mail.deliveries', Dimensions: [{ Name: 'outcome', Value: 'dead' }] });
    options.cannery.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@county.example' });
  });

  it('keeps logs for a set time in every log group, and every function (CDK\'s own too) writes to one', () => {
    for (const template of [defaults.cannery, options.cannery]) {
      const groups = resourcesOf(template, 'AWS::Logs::LogGroup');
      for (const [id, group] of Object.entries(groups)) assert.equal(group.Properties!.RetentionInDays, 30, id);
      for (const [id, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
        const target = (fn.Properties!.LoggingConfig as { LogGroup?: { Ref: string } } | undefined)?.LogGroup?.Ref;
        assert.ok(target && groups[target], `${id} logs into a log group of this stack`);
      }
      template.resourceCountIs('Custom::LogRetention', 0);
    }
  });
});
