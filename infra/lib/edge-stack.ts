import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { CannerySettings } from './settings';
import { SIGN_IN_PATHS as SERVER_SIGN_IN_PATHS } from '../../server/http/edge';

/** The server's own list of sign-in and token paths (the pool's endpoint, the work-account token exchanges). */
export const SIGN_IN_PATHS: readonly string[] = SERVER_SIGN_IN_PATHS;
/** The pool operations that send or check a reset code (the `X-Amz-Target` header names them). */
export const RESET_OPERATIONS = ['ForgotPassword', 'ConfirmForgotPassword'];

export const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true });

export const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

/** Requests naming one of these Cognito-protocol operations (`X-Amz-Target: AWSCognitoIdentityProviderService.<operation>`). */
export const operationIs = (operations: string[]): wafv2.CfnWebACL.StatementProperty =>
  anyOf(
    operations.map((operation) => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'ENDS_WITH',
        searchString: `.${operation}`,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    })),
  );

/** Blocks (429) an address that makes more than `limit` such requests in five minutes. */
export const rateRule = (name: string, priority: number, limit: number, scopeDown: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: { customResponse: { responseCode: 429 } } },
  statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement: scopeDown } },
  visibilityConfig: visibility(name),
});

/** The sign-in operations of the Cognito protocol (the built-in pool's and Amazon Cognito's). */
export const SIGN_IN_OPERATIONS = ['InitiateAuth', 'RespondToAuthChallenge'];

/**
 * What must live in us-east-1 for CloudFront: the web ACL (WAF) in front of the whole site. Its
 * rate-based rules count requests per client address over five minutes: the sign-in and reset
 * paths get a low cap, the reset operations a lower one, the API as a whole a generous one; two
 * AWS managed rule groups block known bad inputs and addresses with a bad reputation.
 */
export class CanneryEdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, settings: CannerySettings, props: StackProps) {
    super(scope, id, props);
    const pathStartsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      // The server decodes escapes and resolves dot segments before routing (/api/complete%2Dpkce,
      // /api/x/../complete-pkce reach the exchange): the match sees the path as the server will.
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path.toLowerCase(),
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'NORMALIZE_PATH' },
          { priority: 2, type: 'LOWERCASE' },
        ],
      },
    });
    const managed = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    });
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('cannery'),
      rules: [
        rateRule('password-resets', 0, Math.max(10, Math.floor(settings.signInRateLimit / 10)), { andStatement: { statements: [pathStartsWith('/identity'), operationIs(RESET_OPERATIONS)] } }),
        rateRule('sign-in', 1, settings.signInRateLimit, anyOf(SIGN_IN_PATHS.map(pathStartsWith))),
        rateRule('api', 2, settings.apiRateLimit, pathStartsWith('/api/')),
        managed('AWSManagedRulesAmazonIpReputationList', 3),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 4),
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
