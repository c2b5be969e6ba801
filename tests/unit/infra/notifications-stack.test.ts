/**
 * Notification delivery in the CDK: the queue with its dead-letter queue and alarm, the worker on
 * the queue with batch item failures, least-privilege grants, and the SES identity only where the
 * stage names one.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationEnv } from '@shared/notifications/env';
import { MAX_ATTEMPTS } from '../../../lambdas/notifications/service';
import { MAX_RECEIVES } from '../../../infra/constructs/notification-delivery';
import { actionsOf, findFunction, loadStage, statementsOfFunction, SYNTH_TIMEOUT_MS } from './synth-app';
import { secrets } from '@shared/secrets';

let dev: Template;
let full: Template;
let monitoring: Template;

beforeAll(async () => {
  const stage = await loadStage('dev');
  dev = stage.templates.feeds;
  monitoring = stage.templates.monitoring;
  full = (await loadStage('full')).templates.feeds;
}, SYNTH_TIMEOUT_MS);

const variables = (template: Template, exportName: string) =>
  (findFunction(template, exportName).properties.Environment as { Variables: Record<string, unknown> })
    .Variables;

describe('notification delivery', () => {
  it('queues to an encrypted, TLS-only queue that dead-letters after the service’s attempts, with an alarm', () => {
    expect(MAX_RECEIVES).toBe(MAX_ATTEMPTS);
    dev.resourceCountIs('AWS::SQS::Queue', 2);
    dev.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: MAX_RECEIVES },
    });
    dev.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'edge-options-dev-dead-letters-notifications',
      AlarmActions: [Match.anyValue()],
      OKActions: [Match.anyValue()],
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('runs the worker on the queue, reporting batch item failures', () => {
    const worker = findFunction(dev, 'deliverNotifications');
    dev.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker.logicalId },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('lets the feeds job send to the queue and nothing more of it; the worker consume, no SES without an identity', () => {
    expect(variables(dev, 'generateFeeds')[notificationEnv.queueUrl]).toBeDefined();
    const jobSqs = statementsOfFunction(dev, 'generateFeeds')
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('sqs:'));
    expect(jobSqs.sort()).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    const workerActions = statementsOfFunction(dev, 'deliverNotifications').flatMap(actionsOf);
    expect(workerActions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(workerActions.filter((a) => a.startsWith('sqs:Send'))).toEqual([]);
    expect(workerActions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(variables(dev, 'deliverNotifications')[notificationEnv.mailFrom]).toBeUndefined();
    dev.resourceCountIs('AWS::SES::EmailIdentity', 0);
    // Only the tables it uses: notifications and profiles.
    expect(
      Object.keys(variables(dev, 'deliverNotifications'))
        .filter((v) => v.startsWith('TABLE_'))
        .sort(),
    ).toEqual(['TABLE_NOTIFICATIONS', 'TABLE_PROFILES']);
  });

  it('lets the positions job send to the queue too, read the trades and profiles, write notifications, and read the market data key alone', () => {
    expect(variables(dev, 'recordPositionTargets')[notificationEnv.queueUrl]).toBeDefined();
    const actions = statementsOfFunction(dev, 'recordPositionTargets').flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('sqs:')).sort()).toEqual([
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    expect(
      Object.keys(variables(dev, 'recordPositionTargets'))
        .filter((v) => v.startsWith('TABLE_'))
        .sort(),
    ).toEqual(['TABLE_NOTIFICATIONS', 'TABLE_PROFILES', 'TABLE_TRADES', 'TABLE_WATCHLISTS']);
    // The trades it only reads (the by_open index among them): no write of a trade.
    const tradeStatements = statementsOfFunction(dev, 'recordPositionTargets').filter((s) =>
      JSON.stringify(s.Resource).match(/Trades/i),
    );
    expect(tradeStatements.length).toBeGreaterThan(0);
    expect(tradeStatements.flatMap(actionsOf).filter((a) => /Put|Update|Delete|Write/.test(a))).toEqual([]);
    expect(JSON.stringify(tradeStatements.map((s) => s.Resource))).toContain('/index/*');
    const secretReads = statementsOfFunction(dev, 'recordPositionTargets').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(secretReads).toHaveLength(1);
    expect(JSON.stringify(secretReads[0]!.Resource)).toMatch(/marketDataApiKey/);
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('gives the worker the VAPID secret by ARN and read access to it alone; the feeds job none', () => {
    expect(variables(dev, 'deliverNotifications')[secrets.vapidKeys.arnEnvVar]).toBeDefined();
    const reads = statementsOfFunction(dev, 'deliverNotifications').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(reads).toHaveLength(1);
    expect(JSON.stringify(reads[0]!.Resource)).toMatch(/vapidKeys/);
    expect(
      statementsOfFunction(dev, 'generateFeeds')
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('secretsmanager:')),
    ).toEqual([]);
  });

  it('declares the stage’s SES identity and lets only the worker send from it', () => {
    full.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.com' });
    expect(variables(full, 'deliverNotifications')[notificationEnv.mailFrom]).toBe(
      'Edge Options <alerts@mail.example.com>',
    );
    const ses = statementsOfFunction(full, 'deliverNotifications').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('ses:')),
    );
    expect(ses.flatMap(actionsOf).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain('identity/');
    expect(JSON.stringify(ses[0]!.Resource)).toMatch(/MailIdentity/);
    expect(
      statementsOfFunction(full, 'generateFeeds')
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('ses:')),
    ).toEqual([]);
  });
});
