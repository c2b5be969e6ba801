import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes, type RouteDefinition } from '@shared/routes';
import { type ErrorEnvelope } from '@shared/api/errors';
import { type WafRateLimits } from '../config/stages';
import {
  cloudFrontRateRules,
  type CognitoRateRule,
  managedRuleGroups,
  RATE_LIMIT_RANGE,
  RATE_WINDOW_SECONDS,
  type RouteRateRule,
  userPoolRateRules,
  type WebAclScope,
} from './waf-rules';

export interface WebAclProps {
  scope: WebAclScope;
  rateLimits: WafRateLimits;
  /** Prefix of the CloudWatch metric names of the ACL and its rules (e.g. `edge-options-prod-cloudfront`). */
  metricPrefix: string;
}

/** The body of a rate-limited request: the API's own 429 envelope, so the client reads it as one. */
export const RATE_LIMITED_BODY: ErrorEnvelope = {
  error: { code: 'rate_limited', message: 'Too many requests; try again in a few minutes' },
};
const RATE_LIMITED_BODY_KEY = 'rateLimited';

type Statement = CfnWebACL.StatementProperty;

const exactly = (
  searchString: string,
  fieldToMatch: CfnWebACL.FieldToMatchProperty,
  transformations = ['NONE'],
): Statement => ({
  byteMatchStatement: {
    searchString,
    fieldToMatch,
    positionalConstraint: 'EXACTLY',
    textTransformations: transformations.map((type, priority) => ({ priority, type })),
  },
});

const anyOf = (statements: Statement[]): Statement =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

/**
 * The route's method and exact path (no path parameters: the rate rules name fixed paths only),
 * the path compared decoded and normalized, so `/api//site%2Dgate` counts as `/api/site-gate`.
 */
function routeStatement(rule: RouteRateRule): Statement {
  const route = (routes as readonly RouteDefinition[]).find((r) => r.id === rule.route);
  if (!route || route.path.includes('{'))
    throw new Error(`WAF rule ${rule.name}: route ${rule.route} is not a fixed path of the route table`);
  return {
    andStatement: {
      statements: [
        exactly(route.method, { method: {} }),
        exactly(route.path, { uriPath: {} }, ['URL_DECODE', 'NORMALIZE_PATH']),
      ],
    },
  };
}

/** Cognito's JSON API names the operation in `X-Amz-Target`; compared lower-cased, so case games count too. */
function cognitoStatement(rule: CognitoRateRule): Statement {
  return anyOf(
    rule.operations.map((operation) =>
      exactly(
        `AWSCognitoIdentityProviderService.${operation}`.toLowerCase(),
        // CDK passes `singleHeader` through untyped, so it takes CloudFormation's casing.
        { singleHeader: { Name: 'x-amz-target' } },
        ['LOWERCASE'],
      ),
    ),
  );
}

/**
 * One web ACL of the stage: allow by default; the rate rules first (per client IP, over WAF's
 * 5-minute window), then the AWS managed rule groups of ./waf-rules.ts. Behind CloudFront a
 * rate-limited request gets the API's 429 envelope; at the user pool, Cognito's own refusal.
 */
export class WebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.metricPrefix}-${name}`,
    });
    const behindCloudFront = props.scope === 'CLOUDFRONT';
    const rateRules = behindCloudFront
      ? cloudFrontRateRules.map((rule) => ({ rule, scopeDown: routeStatement(rule) }))
      : userPoolRateRules.map((rule) => ({ rule, scopeDown: cognitoStatement(rule) }));

    const rules: CfnWebACL.RuleProperty[] = rateRules.map(({ rule, scopeDown }, priority) => {
      const limit = props.rateLimits[rule.limit];
      if (!Number.isInteger(limit) || limit < RATE_LIMIT_RANGE.min || limit > RATE_LIMIT_RANGE.max)
        throw new Error(
          `waf.rateLimits.${rule.limit} must be a whole number from ${RATE_LIMIT_RANGE.min} to ${RATE_LIMIT_RANGE.max} (WAF's range), not ${limit}`,
        );
      return {
        name: rule.name,
        priority,
        statement: {
          rateBasedStatement: {
            limit,
            aggregateKeyType: 'IP',
            evaluationWindowSec: RATE_WINDOW_SECONDS,
            scopeDownStatement: scopeDown,
          },
        },
        action: {
          block: behindCloudFront
            ? {
                customResponse: {
                  responseCode: 429,
                  customResponseBodyKey: RATE_LIMITED_BODY_KEY,
                  responseHeaders: [{ name: 'Retry-After', value: String(RATE_WINDOW_SECONDS) }],
                },
              }
            : {},
        },
        visibilityConfig: visibility(rule.name),
      };
    });

    managedRuleGroups[props.scope].forEach((group, index) => {
      rules.push({
        name: group.name,
        priority: rateRules.length + index,
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name: group.name,
            ...(group.countOnly && {
              ruleActionOverrides: group.countOnly.map(({ rule }) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            }),
          },
        },
        overrideAction: { none: {} },
        visibilityConfig: visibility(group.name),
      });
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules,
      ...(behindCloudFront && {
        customResponseBodies: {
          [RATE_LIMITED_BODY_KEY]: {
            contentType: 'APPLICATION_JSON',
            content: JSON.stringify(RATE_LIMITED_BODY),
          },
        },
      }),
    });
  }
}
