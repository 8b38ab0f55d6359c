import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cdk from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as triggers from 'aws-cdk-lib/triggers';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { operationIs, rateRule, RESET_OPERATIONS, SIGN_IN_OPERATIONS, visibility } from './edge-stack';
import { ORIGIN_HEADER } from '../../server/http/edge';
import type { Construct } from 'constructs';
import type { CannerySettings } from './settings';

/** The Cannery repository (infra/ is one of its folders). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The origin written in manifest-office/manifest.xml, replaced by the deployment's (as the server does). */
const MANIFEST_ORIGIN_PLACEHOLDER = 'https://localhost:8443';

/** The Lambda runtime: Node.js 22 on Graviton (arm64). */
export const RUNTIME = lambda.Runtime.NODEJS_22_X;

/** The secrets a function may need: the built-in pool's data key, the SSO client secret, the SMTP URL, the CDN's origin secret. */
type SecretNeed = 'dataKey' | 'sso' | 'smtp' | 'origin';

export interface CanneryStackProps extends cdk.StackProps {
  settings: CannerySettings;
  /** The web ACL made in us-east-1 (CanneryEdgeStack). */
  webAclArn: string;
}

/**
 * Cannery on AWS: CloudFront in front of a private bucket (the task pane, the admin app, the
 * Outlook manifest) and of the API (`/api/*`, `/identity/*`, uncached), an HTTP API invoking the
 * Lambda bundle (`npm run build:lambda`), Aurora Serverless v2 PostgreSQL in isolated subnets,
 * secrets in Secrets Manager, a Cognito user pool or the built-in one, migrations once per deploy,
 * alarms to an SNS topic, and a retention on every log group.
 */
export class CanneryStack extends cdk.Stack {
  readonly publicOrigin: string;

  constructor(scope: Construct, id: string, props: CanneryStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const retention = retentionOf(settings.logRetentionDays);

    // ---- Network: functions in private subnets with a way out (Cognito's keys, Entra, SMTP), the database isolated.
    const vpc = new ec2.Vpc(this, 'Network', {
      maxAzs: 2,
      natGateways: 1,
      subnetConfiguration: [
        { name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'functions', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 22 },
        { name: 'database', subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
      flowLogs: {
        rejected: {
          destination: ec2.FlowLogDestination.toCloudWatchLogs(new logs.LogGroup(this, 'FlowLogs', { retention, removalPolicy: cdk.RemovalPolicy.DESTROY })),
          trafficType: ec2.FlowLogTrafficType.REJECT,
        },
      },
    });
    const functionsSecurityGroup = new ec2.SecurityGroup(this, 'FunctionsSecurityGroup', { vpc, description: 'Cannery functions', allowAllOutbound: true });

    // ---- Database: Aurora Serverless v2, PostgreSQL 16, encrypted, private, protected from deletion, backed up.
    const clusterIdentifier = `${id.toLowerCase()}-database`;
    const databaseLogs = new logs.LogGroup(this, 'DatabaseLogs', { logGroupName: `/aws/rds/cluster/${clusterIdentifier}/postgresql`, retention, removalPolicy: cdk.RemovalPolicy.RETAIN });
    const database = new rds.DatabaseCluster(this, 'Database', {
      clusterIdentifier,
      engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_6 }),
      credentials: rds.Credentials.fromGeneratedSecret('cannery', { secretName: `${id}/database` }),
      defaultDatabaseName: 'cannery',
      writer: rds.ClusterInstance.serverlessV2('writer', { publiclyAccessible: false, autoMinorVersionUpgrade: true }),
      serverlessV2MinCapacity: settings.databaseMinCapacity,
      serverlessV2MaxCapacity: settings.databaseMaxCapacity,
      vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      storageEncrypted: true,
      deletionProtection: true,
      removalPolicy: cdk.RemovalPolicy.SNAPSHOT,
      backup: { retention: cdk.Duration.days(settings.backupDays), preferredWindow: '03:00-04:00' },
      preferredMaintenanceWindow: 'sun:04:30-sun:05:30',
      iamAuthentication: false,
      // The RDS Data API: an operator's SQL over HTTPS with IAM (the first account admin, docs/deploy-aws.md), no network path to the database.
      enableDataApi: true,
      copyTagsToSnapshot: true,
      // Into DatabaseLogs, which exists first and keeps the logs for the set time.
      cloudwatchLogsExports: ['postgresql'],
      parameterGroup: new rds.ParameterGroup(this, 'DatabaseParameters', {
        engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_6 }),
        parameters: { 'rds.force_ssl': '1' },
      }),
    });
    database.node.addDependency(databaseLogs);
    database.connections.allowDefaultPortFrom(functionsSecurityGroup, 'Cannery functions');
    const proxy = settings.rdsProxy
      ? database.addProxy('Proxy', { secrets: [database.secret!], vpc, vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED }, requireTLS: true, securityGroups: [new ec2.SecurityGroup(this, 'ProxySecurityGroup', { vpc, description: 'Cannery RDS Proxy', allowAllOutbound: false })] })
      : undefined;
    if (proxy) {
      proxy.connections.allowFrom(functionsSecurityGroup, ec2.Port.tcp(5432), 'Cannery functions');
      proxy.connections.allowTo(database, ec2.Port.tcp(5432), 'RDS Proxy to the database');
    }

    // ---- Static site: a private bucket that only CloudFront reads (origin access control).
    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: cdk.RemovalPolicy.RETAIN,
    });

    // ---- The API: the Lambda bundle behind an HTTP API.
    const httpApi = new apigwv2.HttpApi(this, 'Api', { apiName: `${id}-api`, createDefaultStage: false, description: 'Cannery REST API and user pool endpoint' });
    const apiAccessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention, removalPolicy: cdk.RemovalPolicy.DESTROY });
    new apigwv2.HttpStage(this, 'ApiStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(apiAccessLogs) },
    });
    const apiDomain = cdk.Fn.select(2, cdk.Fn.split('/', httpApi.apiEndpoint));

    // ---- CloudFront: the site from the bucket, the API uncached.
    // The pages' security headers, as the Node server sets them (server/http/security-headers.ts): the
    // task pane may be framed by Outlook, every other page and answer by nobody.
    const connectOrigins = [
      ...(settings.identity === 'cognito' ? [`https://cognito-idp.${settings.region}.amazonaws.com`] : []),
      ...(settings.ssoAuthority ? [new URL(settings.ssoAuthority).origin] : []),
    ];
    const headersPolicy = (name: string, kind: 'app' | 'task-pane' | 'api') =>
      new cloudfront.ResponseHeadersPolicy(this, name, {
        comment: `Cannery ${kind} security headers`,
        securityHeadersBehavior: {
          strictTransportSecurity: { accessControlMaxAge: cdk.Duration.days(365), includeSubdomains: true, override: true },
          contentTypeOptions: { override: true },
          referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          // The API sets its own policy and frame options; the static pages get theirs here.
          ...(kind === 'api' ? {} : { contentSecurityPolicy: { contentSecurityPolicy: pagePolicy(kind, connectOrigins), override: true } }),
          ...(kind === 'app' ? { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } } : {}),
        },
      });
    const appHeaders = headersPolicy('AppHeaders', 'app');
    const taskPaneHeaders = headersPolicy('TaskPaneHeaders', 'task-pane');
    const apiHeaders = headersPolicy('ApiHeaders', 'api');
    const pages = new cloudfront.Function(this, 'Pages', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Cannery: / and /admin lead to the admin app; a folder serves its index.html',
      code: cloudfront.FunctionCode.fromInline(`function handler(event) {
  var uri = event.request.uri;
  if (uri === '/' || uri === '/admin') return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/admin/' } } };
  if (uri.endsWith('/')) event.request.uri = uri + 'index.html';
  return event.request;
}`),
    });
    // CloudFront proves each request it forwards with this secret (server/http/origin-check.ts): the API
    // gateway's own address is public, and a caller going there would skip the web ACL and write its
    // own X-Forwarded-For.
    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Cannery: what CloudFront adds in X-Cannery-Origin, so the API refuses requests that went around it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const apiOrigin = new origins.HttpOrigin(apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_HEADER]: originSecret.secretValue.unsafeUnwrap() },
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiHeaders,
    };
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(site);
    const distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: 'Cannery',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: appHeaders,
        functionAssociations: [{ function: pages, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': apiBehavior,
        '/identity': apiBehavior,
        '/identity/*': apiBehavior,
        // The privacy policy, terms and support pages the server writes (server/privacy/pages.ts).
        '/privacy': apiBehavior,
        '/terms': apiBehavior,
        '/support': apiBehavior,
        '/outlook/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: taskPaneHeaders,
        },
      },
      webAclId: props.webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(settings.domainName && settings.certificateArn
        ? {
            domainNames: [settings.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.publicOrigin = `https://${settings.domainName ?? distribution.distributionDomainName}`;

    // ---- Identity: a Cognito user pool, or the built-in pool with its data key in Secrets Manager.
    // The secrets there are, each with the setting it fills; each function reads only those it needs.
    const secretOf: Partial<Record<SecretNeed, { secret: secretsmanager.ISecret; setting: string }>> = {
      origin: { secret: originSecret, setting: 'CANNERY_ORIGIN_SECRET' },
    };
    const environment: Record<string, string> = {
      CANNERY_MODE: 'production',
      CANNERY_PUBLIC_ORIGIN: this.publicOrigin,
      CANNERY_USER_POOL: settings.identity,
      CANNERY_DATABASE_SECRET: database.secret!.secretArn,
      ...(proxy ? { CANNERY_DATABASE_HOST: proxy.endpoint } : {}),
      // CloudFront's edge is the API gateway's peer; it writes the viewer's address last in X-Forwarded-For.
      CANNERY_TRUSTED_PROXIES: String(settings.trustedProxyHops),
      // The Lambda runtime's certificate bundle, which holds Amazon RDS's: TLS to the database is verified.
      NODE_EXTRA_CA_CERTS: '/var/runtime/ca-cert.pem',
      CANNERY_LOG_LEVEL: 'info',
      ...(settings.mailFrom ? { CANNERY_MAIL_FROM: settings.mailFrom } : {}),
      ...(settings.operatorName ? { CANNERY_OPERATOR_NAME: settings.operatorName } : {}),
      ...(settings.operatorContact ? { CANNERY_OPERATOR_CONTACT: settings.operatorContact } : {}),
      ...(settings.mailOff ? { CANNERY_MAIL: 'off' } : {}),
      ...(settings.allowedOrigins.length > 0 ? { CANNERY_ALLOWED_ORIGINS: settings.allowedOrigins.join(',') } : {}),
    };
    let userPool: cognito.UserPool | undefined;
    let userPoolClient: cognito.UserPoolClient | undefined;
    const mailIdentity = settings.sesDomain ? new ses.EmailIdentity(this, 'MailDomain', { identity: ses.Identity.domain(settings.sesDomain) }) : undefined;
    if (settings.identity === 'cognito') {
      userPool = new cognito.UserPool(this, 'Users', {
        userPoolName: `${id}-users`,
        // The spec: accounts are made by admins only; sign-in by email.
        selfSignUpEnabled: false,
        signInAliases: { email: true },
        signInCaseSensitive: false,
        autoVerify: { email: true },
        // The spec's password policy (server/identity/password-policy.ts).
        passwordPolicy: { minLength: 12, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true, tempPasswordValidity: cdk.Duration.days(7) },
        // Authenticator apps only, as the built-in pool offers; each account's rule is Cannery's (off, optional, required).
        mfa: cognito.Mfa.OPTIONAL,
        mfaSecondFactor: { otp: true, sms: false },
        // Remembered devices: a device the user chose to remember skips the code.
        deviceTracking: { challengeRequiredOnNewDevice: true, deviceOnlyRememberedOnUserPrompt: true },
        accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
        // Lite has what Cannery uses (admin-created users, authenticator codes, remembered devices): the cheapest plan.
        featurePlan: cognito.FeaturePlan.LITE,
        deletionProtection: true,
        removalPolicy: cdk.RemovalPolicy.RETAIN,
        ...(mailIdentity && settings.mailFrom ? { email: cognito.UserPoolEmail.withSES({ fromEmail: emailAddressOf(settings.mailFrom), sesVerifiedDomain: settings.sesDomain!, sesRegion: settings.region }) } : {}),
      });
      userPoolClient = userPool.addClient('App', {
        userPoolClientName: 'cannery-app',
        generateSecret: false,
        authFlows: { userSrp: true },
        preventUserExistenceErrors: true,
        enableTokenRevocation: true,
        idTokenValidity: cdk.Duration.hours(1),
        accessTokenValidity: cdk.Duration.hours(1),
        refreshTokenValidity: cdk.Duration.days(30),
      });
      // Sign-in and reset codes go to Cognito directly, not through CloudFront: the pool gets a web ACL of its own.
      const poolAcl = new wafv2.CfnWebACL(this, 'UserPoolWebAcl', {
        scope: 'REGIONAL',
        defaultAction: { allow: {} },
        visibilityConfig: visibility('cannery-user-pool'),
        rules: [
          rateRule('password-resets', 0, Math.max(10, Math.floor(settings.signInRateLimit / 10)), operationIs(RESET_OPERATIONS)),
          rateRule('sign-in', 1, settings.signInRateLimit, operationIs(SIGN_IN_OPERATIONS)),
        ],
      });
      new wafv2.CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', { resourceArn: userPool.userPoolArn, webAclArn: poolAcl.attrArn });
      const issuer = `https://cognito-idp.${settings.region}.amazonaws.com/${userPool.userPoolId}`;
      environment.CANNERY_POOL_ID = userPool.userPoolId;
      environment.CANNERY_POOL_CLIENT_ID = userPoolClient.userPoolClientId;
      environment.CANNERY_TRUSTED_ISSUERS = this.toJsonString([{ kind: 'cognito', issuer, audience: [userPoolClient.userPoolClientId], jwks: `${issuer}/.well-known/jwks.json` }]);
    } else {
      environment.CANNERY_POOL_ID = `${settings.region}_cannery`;
      environment.CANNERY_POOL_CLIENT_ID = 'cannery-app';
      const dataKey = new secretsmanager.Secret(this, 'PoolDataKey', {
        description: 'Cannery built-in pool: seed of CANNERY_POOL_DATA_KEY (its SHA-256), which seals authenticator secrets',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: cdk.RemovalPolicy.RETAIN,
      });
      secretOf.dataKey = { secret: dataKey, setting: 'CANNERY_POOL_DATA_KEY_SECRET' };
    }
    if (settings.ssoAuthority && settings.ssoClientId) {
      const ssoSecret = new secretsmanager.Secret(this, 'SsoClientSecret', {
        description: 'Cannery work-account sign-in: the app registration\'s client secret (put the real value here, docs/deploy-aws.md)',
        removalPolicy: cdk.RemovalPolicy.RETAIN,
      });
      environment.CANNERY_SSO_AUTHORITY = settings.ssoAuthority;
      environment.CANNERY_SSO_CLIENT_ID = settings.ssoClientId;
      environment.CANNERY_SSO_REDIRECT_URIS = [`${this.publicOrigin}/outlook/taskpane.html`, `${this.publicOrigin}/admin/`].join(',');
      secretOf.sso = { secret: ssoSecret, setting: 'CANNERY_SSO_CLIENT_SECRET' };
    }
    const smtpSecret = settings.smtpUrlSecretArn ? secretsmanager.Secret.fromSecretCompleteArn(this, 'SmtpUrl', settings.smtpUrlSecretArn) : undefined;
    if (smtpSecret) secretOf.smtp = { secret: smtpSecret, setting: 'CANNERY_SMTP_URL' };

    // ---- Functions: one bundle, three handlers.
    const code = lambdaBundle();
    const makeFunction = (name: string, handler: string, options: { timeout: cdk.Duration; memorySize: number; description: string }, needs: readonly SecretNeed[]) => {
      // Only the secrets this function needs are named in its settings and readable by its role.
      const reads = needs.flatMap((need) => (secretOf[need] ? [secretOf[need]] : []));
      const mapped = Object.fromEntries(reads.filter(({ setting }) => setting !== 'CANNERY_POOL_DATA_KEY_SECRET').map(({ secret, setting }) => [setting, secret.secretArn]));
      const dataKey = reads.find(({ setting }) => setting === 'CANNERY_POOL_DATA_KEY_SECRET');
      const fn = new lambda.Function(this, name, {
        runtime: RUNTIME,
        architecture: lambda.Architecture.ARM_64,
        code,
        handler,
        environment: {
          ...environment,
          ...(dataKey ? { CANNERY_POOL_DATA_KEY_SECRET: dataKey.secret.secretArn } : {}),
          ...(Object.keys(mapped).length > 0 ? { CANNERY_SECRETS: this.toJsonString(mapped) } : {}),
        },
        vpc,
        vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
        securityGroups: [functionsSecurityGroup],
        logGroup: new logs.LogGroup(this, `${name}Logs`, { retention, removalPolicy: cdk.RemovalPolicy.DESTROY }),
        loggingFormat: lambda.LoggingFormat.JSON,
        paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, { cacheSize: 50, logLevel: lambda.ParamsAndSecretsLogLevel.WARN }),
        ...options,
      });
      database.secret!.grantRead(fn);
      for (const { secret } of reads) secret.grantRead(fn);
      return fn;
    };
    const api = makeFunction('ApiFunction', 'api.handler', { timeout: cdk.Duration.seconds(29), memorySize: 1024, description: 'Cannery REST API (server/entry/lambda.ts)' }, ['dataKey', 'sso', 'origin']);
    const migrate = makeFunction('MigrateFunction', 'migrate.handler', { timeout: cdk.Duration.minutes(5), memorySize: 512, description: 'Cannery migrations, once per deploy (server/entry/lambda-migrate.ts)' }, []);
    // Operators run the admin CLI's commands through it (aws lambda invoke): link, create, mfa-policy, reset-mfa, key rotation.
    const admin = makeFunction('AdminFunction', 'admin.handler', { timeout: cdk.Duration.seconds(60), memorySize: 512, description: 'Cannery admin CLI for operators (server/entry/lambda-admin.ts)' }, ['dataKey']);
    if (userPool) {
      // The admin app's people pages provision pool users through Cognito's admin operations.
      api.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['AdminCreateUser', 'AdminGetUser', 'AdminDeleteUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminResetUserPassword', 'AdminUserGlobalSignOut', 'AdminSetUserMFAPreference', 'AdminUpdateUserAttributes', 'ListUsers'].map((action) => `cognito-idp:${action}`),
          resources: [userPool.userPoolArn],
        }),
      );
    }
    httpApi.addRoutes({ path: '/{proxy+}', methods: [apigwv2.HttpMethod.ANY], integration: new HttpLambdaIntegration('ApiIntegration', api, { payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0 }) });

    // Migrations run once per deploy, after the database is up and before the API's new code is in place.
    const migration = new triggers.Trigger(this, 'MigrateOnDeploy', { handler: migrate, executeAfter: [database], executeOnHandlerChange: true, timeout: cdk.Duration.minutes(5) });
    migration.executeBefore(api);

    let mail: lambda.Function | undefined;
    if (smtpSecret) {
      mail = makeFunction('MailFunction', 'mail.handler', { timeout: cdk.Duration.seconds(60), memorySize: 256, description: 'Cannery mail queue sender (server/entry/lambda-mail.ts)' }, ['smtp']);
      new events.Rule(this, 'MailEveryMinute', { schedule: events.Schedule.rate(cdk.Duration.minutes(1)), targets: [new eventTargets.LambdaFunction(mail, { retryAttempts: 0 })] });
    }

    // ---- Readiness from outside, as users reach Cannery: every five minutes through the CDN to
    // /api/health/ready (docs/monitoring.md); a refusal or no answer is the function's error, which alarms below.
    const readinessCheck = new lambda.Function(this, 'ReadinessCheck', {
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromInline(
        [
          'exports.handler = async () => {',
          '  const response = await fetch(process.env.READY_URL, { signal: AbortSignal.timeout(10000) });',
          '  if (!response.ok) throw new Error(`readiness answered ${response.status}: ${(await response.text()).slice(0, 300)}`);',
          '  return { status: response.status };',
          '};',
        ].join('\n'),
      ),
      environment: { READY_URL: `${this.publicOrigin}/api/health/ready` },
      timeout: cdk.Duration.seconds(15),
      memorySize: 128,
      description: 'Checks Cannery readiness through the CDN every five minutes',
      logGroup: new logs.LogGroup(this, 'ReadinessCheckLogs', { retention, removalPolicy: cdk.RemovalPolicy.DESTROY }),
    });
    new events.Rule(this, 'ReadinessEveryFiveMinutes', { schedule: events.Schedule.rate(cdk.Duration.minutes(5)), targets: [new eventTargets.LambdaFunction(readinessCheck, { retryAttempts: 0 })] });

    // ---- The site's files, and the Outlook manifest pointed at this deployment.
    const webDir = resolve(REPO_ROOT, 'infra', settings.webDir);
    if (!existsSync(join(webDir, 'outlook', 'taskpane.html'))) {
      throw new Error(`${webDir} holds no built task pane: run npm run build:web in the repository first (or set the "webDir" context).`);
    }
    const manifest = readFileSync(join(REPO_ROOT, 'manifest-office', 'manifest.xml'), 'utf8').replaceAll(MANIFEST_ORIGIN_PLACEHOLDER, this.publicOrigin);
    new s3deploy.BucketDeployment(this, 'SiteFiles', {
      sources: [s3deploy.Source.asset(webDir), s3deploy.Source.data('manifest.xml', manifest)],
      destinationBucket: site,
      distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: new logs.LogGroup(this, 'SiteFilesLogs', { retention, removalPolicy: cdk.RemovalPolicy.DESTROY }),
    });

    // ---- Alarms, to one topic.
    const alarms = new sns.Topic(this, 'Alarms', { displayName: 'Cannery alarms', enforceSSL: true });
    if (settings.alarmEmail) alarms.addSubscription(new snsSubscriptions.EmailSubscription(settings.alarmEmail));
    const alarm = (name: string, metric: cloudwatch.IMetric, threshold: number, description: string, evaluationPeriods = 1) => {
      const made = new cloudwatch.Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      made.addAlarmAction(new cwActions.SnsAction(alarms));
      made.addOkAction(new cwActions.SnsAction(alarms));
      return made;
    };
    const fiveMinutes = cdk.Duration.minutes(5);
    alarm('Api5xx', httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' }), 5, 'The API answered 5xx (a 5xx is a bug): five or more in five minutes.');
    alarm('ApiLatencyP99', httpApi.metricLatency({ period: fiveMinutes, statistic: 'p99' }), 3000, 'The API\'s p99 latency was 3 s or more for 15 minutes.', 3);
    for (const [name, fn] of [['Api', api], ['Migrate', migrate], ...(mail ? [['Mail', mail] as const] : [])] as const) {
      alarm(`${name}FunctionErrors`, fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }), 1, `The ${name.toLowerCase()} function failed.`);
      alarm(`${name}FunctionThrottles`, fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }), 1, `The ${name.toLowerCase()} function was throttled.`);
    }
    alarm('NotReady', readinessCheck.metricErrors({ period: cdk.Duration.minutes(15), statistic: 'Sum' }), 2, 'Cannery was not ready (/api/health/ready) at two checks in 15 minutes: the database, a missing migration, or the API.');
    alarm('DatabaseCpu', database.metricCPUUtilization({ period: fiveMinutes }), 80, 'The database\'s CPU was at 80% or more for 15 minutes.', 3);
    // Cannery's own metrics, written by the functions in embedded metric format (server/observability/cloudwatch.ts; docs/monitoring.md).
    const cannery = (metricName: string, statistic: string, period: cdk.Duration, dimensionsMap?: Record<string, string>) =>
      new cloudwatch.Metric({ namespace: 'Cannery', metricName, statistic, period, ...(dimensionsMap ? { dimensionsMap } : {}) });
    alarm('SignInLockouts', cannery('cannery.lockouts', 'Sum', cdk.Duration.minutes(15)), 6, 'More than 5 accounts were locked after failed sign-ins in 15 minutes.');
    if (mail) {
      alarm('MailStuck', cannery('cannery.mail.queue.oldest.age.seconds', 'Maximum', fiveMinutes), 900, 'Mail has waited 15 minutes or more in the queue (npm run cannery -- mail status).');
      alarm('MailDead', cannery('cannery.mail.deliveries', 'Sum', cdk.Duration.minutes(30), { outcome: 'dead' }), 1, 'Mail was given up after its last try.');
    }
    alarm('DatabaseConnections', database.metricDatabaseConnections({ period: fiveMinutes, statistic: 'Maximum' }), 400, 'The database had 400 connections or more.');

    // Every log group keeps its logs for the set time, including those of CDK's own functions.
    logsOfEveryFunction(this, retention);

    new cdk.CfnOutput(this, 'PublicOrigin', { value: this.publicOrigin, description: 'Where Cannery is: the task pane, the admin app, the manifest (npm run manifest -- --origin <this>)' });
    new cdk.CfnOutput(this, 'ManifestUrl', { value: `${this.publicOrigin}/manifest.xml`, description: 'The Outlook manifest for this deployment' });
    new cdk.CfnOutput(this, 'DatabaseSecret', { value: database.secret!.secretArn });
    new cdk.CfnOutput(this, 'DatabaseClusterArn', { value: database.clusterArn, description: 'For the RDS Data API (aws rds-data execute-statement)' });
    new cdk.CfnOutput(this, 'AlarmTopic', { value: alarms.topicArn });
    new cdk.CfnOutput(this, 'AdminFunctionName', { value: admin.functionName, description: 'The admin CLI: aws lambda invoke --payload {"argv":[...]}' });
    new cdk.CfnOutput(this, 'MigrateFunctionName', { value: migrate.functionName, description: 'Invoke it to migrate again (aws lambda invoke)' });
    if (userPool && userPoolClient) {
      new cdk.CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
      new cdk.CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
    }
  }
}

/** Outlook's framing origins (server/http/security-headers.ts OFFICE_FRAME_ANCESTORS). */
export const OFFICE_FRAME_ANCESTORS = [
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook.live.com',
  'https://outlook.cloud.microsoft',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.officeapps.live.com',
  'https://*.outlook.com',
  'https://*.cloud.microsoft',
];

/** The Content-Security-Policy of the static pages, the same as the Node server's `pagePolicy`. */
export function pagePolicy(kind: 'app' | 'task-pane', connectOrigins: string[]): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(kind === 'task-pane' ? ['https://appsforoffice.microsoft.com', 'https://ajax.aspnetcdn.com'] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...new Set(connectOrigins)]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', kind === 'task-pane' ? ["'self'", ...OFFICE_FRAME_ANCESTORS] : ["'none'"]],
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

/**
 * Gives each Lambda function in `scope` that has no log group of its own (the custom-resource
 * handlers CDK adds: the trigger's, the default security group's) one with `retention`; without
 * it, Lambda would make a log group that keeps logs forever.
 */
function logsOfEveryFunction(scope: Construct, retention: logs.RetentionDays): void {
  for (const node of scope.node.findAll()) {
    if (!(node instanceof cdk.CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') continue;
    if (node instanceof lambda.CfnFunction && node.loggingConfig) continue;
    const parent = node.node.scope!;
    const group = new logs.LogGroup(parent, `${node.node.id}Logs`, { retention, removalPolicy: cdk.RemovalPolicy.DESTROY });
    node.addPropertyOverride('LoggingConfig.LogGroup', group.logGroupName);
  }
}

/** The nearest retention CloudWatch Logs offers at or above `days`. */
function retentionOf(days: number): logs.RetentionDays {
  const offered = Object.values(logs.RetentionDays).filter((value): value is number => typeof value === 'number' && value > 0).sort((a, b) => a - b);
  return (offered.find((value) => value >= days) ?? offered.at(-1)!) as logs.RetentionDays;
}

/** The address part of `Name <address>` (or the address itself). */
function emailAddressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/**
 * The function's code: `npm run build:lambda` run on this machine (esbuild; no Docker), into the
 * asset's folder. Its hash is the bundle's, so unchanged code is not uploaded again.
 */
function lambdaBundle(): lambda.Code {
  return lambda.Code.fromAsset(join(REPO_ROOT, 'server'), {
    assetHashType: cdk.AssetHashType.OUTPUT,
    bundling: {
      // Never used: local bundling always succeeds or throws.
      image: cdk.DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      local: {
        tryBundle(outputDir: string) {
          execFileSync('npm', ['run', '--silent', 'build:lambda', '--', '--out', outputDir], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
          return true;
        },
      },
    },
  });
}
