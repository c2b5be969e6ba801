import { describe, expect, it } from 'vitest';
import { loadStage, type SharedStageName, SYNTH_TIMEOUT_MS, type Violation } from './synth-app';

const variants: [string, SharedStageName][] = [
  ['dev', 'dev'],
  ['prod', 'prod'],
  ['a stage with hosted UI, a custom domain and an alarm email', 'full'],
];

/** cdk-nag's findings (the report also holds construct warnings, e.g. a stage without an alarm email). */
const awsSolutions = (violations: Violation[]) =>
  violations.filter(
    (violation) =>
      violation.ruleName.includes('AwsSolutions') || violation.pluginName.includes('AwsSolutions'),
  );

describe('cdk-nag AwsSolutions', () => {
  // Synthesis itself throws on an unacknowledged error; the report must also be empty of them.
  it.each(variants)(
    'reports no unacknowledged AwsSolutions error for %s',
    async (_name, stage) => {
      const { violations } = await loadStage(stage);
      expect(awsSolutions(violations)).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe('cdk-nag and tables with GSIs', () => {
  // grant*Data on a table with GSIs adds `<table arn>/index/*`, which AwsSolutions-IAM5 flags
  // unless acknowledged; the trades routes are granted the indexed trades table of the data stack.
  it(
    'acknowledges the <table arn>/index/* wildcard of grant*Data across stacks',
    async () => {
      const { templates, ids, violations } = await loadStage('dev');
      const indexGrants = Object.values(templates.api.findResources('AWS::IAM::Policy'))
        .flatMap(
          (policy) => (policy.Properties.PolicyDocument as { Statement: { Resource: unknown }[] }).Statement,
        )
        .flatMap((statement) => [statement.Resource].flat())
        .map((resource) => JSON.stringify(resource))
        .filter((resource) => resource.includes(ids.tables.trades) && resource.includes('/index/*'));
      expect(indexGrants.length).toBeGreaterThan(0);
      expect(awsSolutions(violations)).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );
});
