import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, errorStatus, type ErrorCode } from '@shared/api/errors';
import { stages } from '../../../infra/config/stages';
import { WebAcl } from '../../../infra/constructs/web-acl';
import { fullStage } from './full-stage';
import { loadStage, SYNTH_TIMEOUT_MS, type SynthesizedStage } from './synth-app';

/** CloudFormation JSON, read by path in assertions (its shape is what the tests check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let dev: SynthesizedStage;
let prod: SynthesizedStage;
let full: SynthesizedStage;

beforeAll(async () => {
  [dev, prod, full] = await Promise.all([loadStage('dev'), loadStage('prod'), loadStage('full')]);
}, SYNTH_TIMEOUT_MS);

const webAclOf = (template: Template | undefined) => {
  if (!template) throw new Error('the stage has no such WAF stack');
  const acls = Object.values(template.findResources('AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties as Json;
};
const ruleNamed = (acl: Json, name: string) => {
  const rule = (acl.Rules as Json[]).find((r) => r.Name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
};

/** The stack's target environment as the cloud assembly records it (`aws://account/region`). */
function environmentOf(stage: SynthesizedStage, stackName: string): string {
  const manifest = JSON.parse(readFileSync(join(stage.outdir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { environment?: string; dependencies?: string[] }>;
  };
  return manifest.artifacts[stackName]!.environment!;
}
function dependenciesOf(stage: SynthesizedStage, stackName: string): string[] {
  const manifest = JSON.parse(readFileSync(join(stage.outdir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { dependencies?: string[] }>;
  };
  return manifest.artifacts[stackName]!.dependencies ?? [];
}

const cognitoTargets = (operations: string[]) =>
  operations.map((operation) => ({
    ByteMatchStatement: {
      SearchString: `awscognitoidentityproviderservice.${operation.toLowerCase()}`,
      FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
      PositionalConstraint: 'EXACTLY',
      TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
    },
  }));

describe('CloudFront web ACL', () => {
  it('is in us-east-1 whatever the stage region, and the distribution takes it from there', () => {
    for (const stage of [prod, full]) {
      const wafStack = `edge-options-${stage.config.name}-edge-waf`;
      expect(environmentOf(stage, wafStack)).toBe('aws://unknown-account/us-east-1');
      webAclOf(stage.templates.cloudFrontWaf);
      const [aclId] = Object.keys(stage.templates.cloudFrontWaf!.findResources('AWS::WAFv2::WebACL'));
      expect(stage.templates.cloudFrontWaf!.toJSON().Outputs.WebAclArn.Value).toEqual({
        'Fn::GetAtt': [aclId, 'Arn'],
      });
      stage.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          WebACLId: {
            'Fn::GetStackOutput': { StackName: wafStack, OutputName: 'WebAclArn', Region: 'us-east-1' },
          },
        }),
      });
      // A weak reference orders nothing by itself: the web stack must deploy after the ACL.
      expect(dependenciesOf(stage, `edge-options-${stage.config.name}-web`)).toContain(wafStack);
    }
  });

  it('limits the gate password and the contact form per IP over 5 minutes, at the stage limits', () => {
    for (const stage of [prod, full]) {
      const acl = webAclOf(stage.templates.cloudFrontWaf);
      expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
      const { rateLimits } = stage.config.waf;
      for (const [name, limit, path] of [
        ['SiteGateRate', rateLimits.siteGate, '/api/site-gate'],
        ['ContactRate', rateLimits.contact, '/api/contact'],
      ] as const) {
        expect(ruleNamed(acl, name).Statement.RateBasedStatement).toEqual({
          Limit: limit,
          AggregateKeyType: 'IP',
          EvaluationWindowSec: 300,
          ScopeDownStatement: {
            AndStatement: {
              Statements: [
                {
                  ByteMatchStatement: {
                    SearchString: 'POST',
                    FieldToMatch: { Method: {} },
                    PositionalConstraint: 'EXACTLY',
                    TextTransformations: [{ Priority: 0, Type: 'NONE' }],
                  },
                },
                {
                  ByteMatchStatement: {
                    SearchString: path,
                    FieldToMatch: { UriPath: {} },
                    PositionalConstraint: 'EXACTLY',
                    TextTransformations: [
                      { Priority: 0, Type: 'URL_DECODE' },
                      { Priority: 1, Type: 'NORMALIZE_PATH' },
                    ],
                  },
                },
              ],
            },
          },
        });
      }
    }
    // The limits come from the stage file: the full stage's differ from prod's.
    expect(fullStage.waf.rateLimits.siteGate).not.toBe(stages.prod.waf.rateLimits.siteGate);
  });

  it("answers a limited request with the API's own 429 envelope and a Retry-After", () => {
    const acl = webAclOf(prod.templates.cloudFrontWaf);
    const { Block } = ruleNamed(acl, 'SiteGateRate').Action;
    expect(Block.CustomResponse).toEqual({
      ResponseCode: 429,
      CustomResponseBodyKey: expect.any(String),
      ResponseHeaders: [{ Name: 'Retry-After', Value: '300' }],
    });
    expect(ruleNamed(acl, 'ContactRate').Action).toEqual(ruleNamed(acl, 'SiteGateRate').Action);
    const body = acl.CustomResponseBodies[Block.CustomResponse.CustomResponseBodyKey];
    expect(body.ContentType).toBe('APPLICATION_JSON');
    const envelope = errorEnvelopeSchema.parse(JSON.parse(body.Content));
    expect(errorStatus[envelope.error.code as ErrorCode]).toBe(429);
  });

  it('runs the common, known-bad-inputs and IP reputation groups, counting (not blocking) large bodies', () => {
    const acl = webAclOf(prod.templates.cloudFrontWaf);
    const managed = (acl.Rules as Json[]).filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name).sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const rule of managed) {
      expect(rule.OverrideAction).toEqual({ None: {} });
      expect(rule.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
    }
    // A CSV import or a Stripe webhook is over the common set's 8 KB body limit.
    expect(
      ruleNamed(acl, 'AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides,
    ).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  it('evaluates the rate rules before the managed groups, each rule with its own metric', () => {
    const acl = webAclOf(prod.templates.cloudFrontWaf);
    const rules = (acl.Rules as Json[]).toSorted((a, b) => a.Priority - b.Priority);
    expect(rules.map((r) => r.Priority)).toEqual(rules.map((_, index) => index));
    expect(rules.slice(0, 2).every((r) => r.Statement.RateBasedStatement)).toBe(true);
    const metrics = rules.map((r) => r.VisibilityConfig.MetricName);
    expect(new Set(metrics).size).toBe(rules.length);
    for (const rule of rules)
      expect(rule.VisibilityConfig).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      });
  });
});

describe('user pool web ACL', () => {
  it('is regional, in the stage region, and associated with the user pool', () => {
    for (const stage of [prod, full]) {
      const template = stage.templates.userPoolWaf!;
      expect(webAclOf(template).Scope).toBe('REGIONAL');
      expect(environmentOf(stage, `edge-options-${stage.config.name}-auth-waf`)).toBe(
        'aws://unknown-account/unknown-region',
      );
      const [aclId] = Object.keys(template.findResources('AWS::WAFv2::WebACL'));
      const [association] = Object.values(template.findResources('AWS::WAFv2::WebACLAssociation')) as Json[];
      expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      // The pool's ARN, read from the auth stack.
      expect(association.Properties.ResourceArn['Fn::GetStackOutput']).toMatchObject({
        StackName: `edge-options-${stage.config.name}-auth`,
      });
      const outputs = stage.templates.auth.toJSON().Outputs as Record<string, { Value: Json }>;
      const output = outputs[association.Properties.ResourceArn['Fn::GetStackOutput'].OutputName];
      expect(output?.Value).toEqual({ 'Fn::GetAtt': [stage.ids.userPool, 'Arn'] });
    }
  });

  it("limits sign-up and sign-in per IP over 5 minutes by Cognito's operation header", () => {
    for (const stage of [prod, full]) {
      const acl = webAclOf(stage.templates.userPoolWaf);
      const { rateLimits } = stage.config.waf;
      expect(ruleNamed(acl, 'SignUpRate').Statement.RateBasedStatement).toEqual({
        Limit: rateLimits.signUp,
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 300,
        ScopeDownStatement: {
          OrStatement: {
            Statements: cognitoTargets(['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode']),
          },
        },
      });
      expect(ruleNamed(acl, 'SignInRate').Statement.RateBasedStatement).toEqual({
        Limit: rateLimits.signIn,
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 300,
        ScopeDownStatement: {
          OrStatement: {
            Statements: cognitoTargets([
              'InitiateAuth',
              'RespondToAuthChallenge',
              'ForgotPassword',
              'ConfirmForgotPassword',
            ]),
          },
        },
      });
      expect(ruleNamed(acl, 'SignUpRate').Action).toEqual({ Block: {} });
    }
    expect(fullStage.waf.rateLimits.signIn).not.toBe(stages.prod.waf.rateLimits.signIn);
  });

  it('runs only the IP reputation group: a password may look like an attack', () => {
    const acl = webAclOf(prod.templates.userPoolWaf);
    const managed = (acl.Rules as Json[]).filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
    ]);
  });
});

describe('a stage with WAF off (dev)', () => {
  it('has no web ACL, and the distribution none', () => {
    expect(stages.dev.waf.enabled).toBe(false);
    expect(dev.templates.cloudFrontWaf).toBeUndefined();
    expect(dev.templates.userPoolWaf).toBeUndefined();
    for (const template of Object.values(dev.templates)) template?.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [distribution] = Object.values(dev.templates.web.findResources('AWS::CloudFront::Distribution'));
    expect((distribution as Json).Properties.DistributionConfig.WebACLId).toBeUndefined();
  });
});

describe('rate limits out of WAF range', () => {
  it.each([5, 9, 10.5, 2_000_000_001])('refuses a limit of %s at synthesis', (limit) => {
    const stack = new Stack(new App(), 'Test');
    expect(
      () =>
        new WebAcl(stack, 'Acl', {
          scope: 'REGIONAL',
          rateLimits: { ...stages.prod.waf.rateLimits, signUp: limit },
          metricPrefix: 'test',
        }),
    ).toThrow(
      `waf.rateLimits.signUp must be a whole number from 10 to 2000000000 (WAF's range), not ${limit}`,
    );
  });
});
