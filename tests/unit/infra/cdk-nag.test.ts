import { Duration } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '../../../infra/constructs/app-function';
import { lambdaEntry } from '../../../infra/paths';
import { type StageConfig, stages } from '../../../infra/config/stages';
import { federatedStage } from './federated-stage';
import { synthApp } from './synth-app';

const variants: [string, StageConfig][] = [
  ['dev', stages.dev],
  ['prod', stages.prod],
  [
    'a stage with hosted UI and a custom domain',
    {
      ...federatedStage,
      customDomain: {
        domainNames: ['app.example.com'],
        certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000',
      },
    },
  ],
];

describe('cdk-nag AwsSolutions', () => {
  // Synthesis itself throws on an unacknowledged error; the report must also be empty of them.
  it.each(variants)('reports no unacknowledged AwsSolutions error for %s', (_name, stage) => {
    const { violations } = synthApp(stage);
    expect(
      violations.filter(
        (violation) =>
          violation.ruleName.includes('AwsSolutions') || violation.pluginName.includes('AwsSolutions'),
      ),
    ).toEqual([]);
  });
});

describe('cdk-nag and tables with GSIs', () => {
  // No route reads an indexed table yet; the first one that does must still synthesize cleanly.
  it('acknowledges the <table arn>/index/* wildcard of grant*Data across stacks', () => {
    const { violations } = synthApp(stages.dev, {
      extend: ({ api, auth, data }) => {
        const fn = new AppFunction(api, 'IndexedTableProbe', {
          context: { stage: stages.dev, userPool: auth.userPool, userPoolClient: auth.userPoolClient },
          entry: lambdaEntry('health', 'handler'),
          exportName: 'health',
          description: 'probe',
          timeout: Duration.seconds(3),
        });
        fn.bindTable('trades', data.tables.trades, 'read');
      },
    });
    expect(violations).toEqual([]);
  });
});
