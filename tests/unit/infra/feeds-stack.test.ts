import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EARNINGS_READER_JOB_AREAS } from '@shared/providers/feeds/feed-providers';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { runtimeEnv, secrets } from '@shared/secrets';
import { type TableKey, tables } from '@shared/tables';
import {
  actionsOf,
  findFunction,
  loadStage,
  statementsOfFunction,
  SYNTH_TIMEOUT_MS,
  type SynthesizedStage,
} from './synth-app';

const jobs = schedules as readonly ScheduleDefinition[];
let synthesized: SynthesizedStage;
let feeds: Template;

beforeAll(async () => {
  synthesized = await loadStage('dev');
  feeds = synthesized.templates.feeds;
}, SYNTH_TIMEOUT_MS);

const rate = (minutes: number) => `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`;

describe('scheduled jobs', () => {
  it(
    "tells the feeds job the stage's feed providers, and grants it the Polygon key and Unusual Whales' token only where its dark pool and flow providers need them",
    async () => {
      const full = (await loadStage('full')).templates.feeds;
      const { properties } = findFunction(full, 'generateFeeds');
      const variables = (properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        [runtimeEnv.socialProvider]: 'stocktwits',
        [runtimeEnv.darkPoolProvider]: 'polygon',
        [runtimeEnv.flowProvider]: 'unusualwhales',
      });
      expect(Object.keys(variables).filter((name) => name.startsWith('SECRET_ARN_'))).toEqual([
        secrets.marketDataApiKey.arnEnvVar,
        secrets.unusualWhalesApiKey.arnEnvVar,
      ]);
      const dev = (findFunction(feeds, 'generateFeeds').properties.Environment as { Variables: object })
        .Variables;
      expect(dev).toMatchObject({
        [runtimeEnv.socialProvider]: 'simulated',
        [runtimeEnv.darkPoolProvider]: 'simulated',
        [runtimeEnv.flowProvider]: 'simulated',
      });
      expect(Object.keys(dev).filter((name) => name.startsWith('SECRET_ARN_'))).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    "grants FMP's key to the jobs that lay the earnings calendar over the simulated one (the positions' targets), on a stage whose earnings provider is FMP, and to no other",
    async () => {
      const full = await loadStage('full');
      for (const job of jobs) {
        const variables = (
          findFunction(full.templates.feeds, job.id).properties.Environment as { Variables: object }
        ).Variables;
        const reads = EARNINGS_READER_JOB_AREAS.includes(job.area);
        expect(variables, job.id).toMatchObject({ [runtimeEnv.earningsProvider]: 'fmp' });
        if (reads) expect(variables, job.id).toHaveProperty(secrets.fmpApiKey.arnEnvVar);
        else expect(variables, job.id).not.toHaveProperty(secrets.fmpApiKey.arnEnvVar);
        const devVariables = (findFunction(feeds, job.id).properties.Environment as { Variables: object })
          .Variables;
        expect(devVariables, job.id).not.toHaveProperty(secrets.fmpApiKey.arnEnvVar);
      }
      expect(
        jobs.filter((job) => EARNINGS_READER_JOB_AREAS.includes(job.area)).map((job) => job.id),
      ).toContain('recordPositionTargets');
    },
    SYNTH_TIMEOUT_MS,
  );

  it('has one schedule and one function per row of the schedule table (the notification worker is the notifications stack’s)', () => {
    feeds.resourceCountIs('AWS::Scheduler::Schedule', jobs.length);
    feeds.resourceCountIs('AWS::Lambda::Function', jobs.length);
  });

  it.each(jobs)('runs $id every $everyMinutes minute(s), targeting its jobs.ts export', (job) => {
    const { logicalId, properties } = findFunction(feeds, job.id);
    expect(properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    feeds.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: rate(job.everyMinutes),
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [logicalId, 'Arn'] }, RoleArn: Match.anyValue() },
    });
  });

  it.each(jobs)('grants $id only the tables of its schedule', (job) => {
    const tableIds = synthesized.ids.tables;
    const dynamo = statementsOfFunction(feeds, job.id).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
    );
    const granted = (Object.keys(tableIds) as TableKey[]).filter((key) =>
      dynamo.some((statement) => JSON.stringify(statement.Resource).includes(tableIds[key])),
    );
    expect(granted.sort()).toEqual(Object.keys(job.tables).sort());
    const env = findFunction(feeds, job.id).properties.Environment as { Variables: Record<string, unknown> };
    const tableVariables = Object.keys(env.Variables).filter((name) => name.startsWith('TABLE_'));
    expect(tableVariables.sort()).toEqual(
      Object.keys(job.tables)
        .map((key) => tables[key as TableKey].envVar)
        .sort(),
    );
  });
});
