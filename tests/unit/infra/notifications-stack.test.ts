/**
 * Notification delivery in the CDK: the queue with its dead-letter queue and alarm in their own
 * stack, the worker on the queue with batch item failures, least-privilege grants (the jobs and
 * the routes that queue, the route that mails), no cycle between the stacks, and the SES
 * identity (and the user pool's mail through it) only where the stage names one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationEnv } from '@shared/notifications/env';
import { type RouteDefinition, routes } from '@shared/routes';
import { type ScheduleDefinition, schedules } from '@shared/schedules';
import { runtimeEnv } from '@shared/secrets';
import { tables } from '@shared/tables';
import { MAX_ATTEMPTS } from '../../../lambdas/notifications/service';
import { MAX_RECEIVES } from '../../../infra/constructs/notification-delivery';
import {
  actionsOf,
  findFunction,
  loadStage,
  statementsOfFunction,
  SYNTH_TIMEOUT_MS,
  type SynthesizedStage,
} from './synth-app';
import { secrets } from '@shared/secrets';

let devStage: SynthesizedStage;
let fullStage: SynthesizedStage;
let dev: Template;
let full: Template;
let devFeeds: Template;
let fullFeeds: Template;
let monitoring: Template;

beforeAll(async () => {
  [devStage, fullStage] = await Promise.all([loadStage('dev'), loadStage('full')]);
  dev = devStage.templates.notifications;
  devFeeds = devStage.templates.feeds;
  monitoring = devStage.templates.monitoring;
  full = fullStage.templates.notifications;
  fullFeeds = fullStage.templates.feeds;
}, SYNTH_TIMEOUT_MS);

const routeTable = routes as readonly RouteDefinition[];
const queueing = routeTable.filter((route) => route.delivers === 'queue');
const jobsWithNotifications = (schedules as readonly ScheduleDefinition[]).filter(
  (job) => job.tables.notifications === 'write' || job.tables.notifications === 'readWrite',
);
const sqsActions = (template: Template, exportName: string) =>
  statementsOfFunction(template, exportName)
    .flatMap(actionsOf)
    .filter((a) => a.startsWith('sqs:'))
    .sort();
const sesActions = (template: Template, exportName: string) =>
  statementsOfFunction(template, exportName)
    .flatMap(actionsOf)
    .filter((a) => a.startsWith('ses:'))
    .sort();
const SEND_ONLY = ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'];

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

  it('lets every job that writes notifications send to the queue and nothing more of it; the worker consume, no SES without an identity', () => {
    expect(jobsWithNotifications.map((job) => job.id)).toContain('generateFeeds');
    for (const job of schedules as readonly ScheduleDefinition[]) {
      const sends = jobsWithNotifications.includes(job);
      expect(sqsActions(devFeeds, job.id), job.id).toEqual(sends ? SEND_ONLY : []);
      expect(variables(devFeeds, job.id)[notificationEnv.queueUrl] !== undefined, job.id).toBe(sends);
    }
    const workerActions = statementsOfFunction(dev, 'deliverNotifications').flatMap(actionsOf);
    expect(workerActions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(workerActions.filter((a) => a.startsWith('sqs:Send'))).toEqual([]);
    expect(workerActions.filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(variables(dev, 'deliverNotifications')[notificationEnv.mailFrom]).toBeUndefined();
    devStage.templates.data.resourceCountIs('AWS::SES::EmailIdentity', 0);
    // Only the tables it uses: notifications and profiles.
    expect(
      Object.keys(variables(dev, 'deliverNotifications'))
        .filter((v) => v.startsWith('TABLE_'))
        .sort(),
    ).toEqual(['TABLE_NOTIFICATIONS', 'TABLE_PROFILES']);
  });

  it('lets the positions job send to the queue too, read the trades and profiles, write notifications, and read the market data key alone', () => {
    expect(variables(devFeeds, 'recordPositionTargets')[notificationEnv.queueUrl]).toBeDefined();
    const actions = statementsOfFunction(devFeeds, 'recordPositionTargets').flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('sqs:')).sort()).toEqual([
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    expect(
      Object.keys(variables(devFeeds, 'recordPositionTargets'))
        .filter((v) => v.startsWith('TABLE_'))
        .sort(),
    ).toEqual(['TABLE_NOTIFICATIONS', 'TABLE_PROFILES', 'TABLE_TRADES', 'TABLE_WATCHLISTS']);
    // The trades it only reads (the by_open index among them): no write of a trade.
    const tradeStatements = statementsOfFunction(devFeeds, 'recordPositionTargets').filter((s) =>
      JSON.stringify(s.Resource).match(/Trades/i),
    );
    expect(tradeStatements.length).toBeGreaterThan(0);
    expect(tradeStatements.flatMap(actionsOf).filter((a) => /Put|Update|Delete|Write/.test(a))).toEqual([]);
    expect(JSON.stringify(tradeStatements.map((s) => s.Resource))).toContain('/index/*');
    const secretReads = statementsOfFunction(devFeeds, 'recordPositionTargets').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(secretReads).toHaveLength(1);
    expect(JSON.stringify(secretReads[0]!.Resource)).toMatch(/marketDataApiKey/);
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('lets the feeds job read the trades (by_open index: rules on the tickers held), never write one', () => {
    expect(variables(devFeeds, 'generateFeeds')[tables.trades.envVar]).toBeDefined();
    const tradeStatements = statementsOfFunction(devFeeds, 'generateFeeds').filter((s) =>
      JSON.stringify(s.Resource).match(/Trades/i),
    );
    expect(tradeStatements.flatMap(actionsOf)).toContain('dynamodb:Query');
    expect(tradeStatements.flatMap(actionsOf).filter((a) => /Put|Update|Delete|Write/.test(a))).toEqual([]);
    expect(JSON.stringify(tradeStatements.map((s) => s.Resource))).toContain('/index/*');
  });

  it('gives the worker the VAPID secret by ARN and read access to it alone; the feeds job none', () => {
    expect(variables(dev, 'deliverNotifications')[secrets.vapidKeys.arnEnvVar]).toBeDefined();
    const reads = statementsOfFunction(dev, 'deliverNotifications').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(reads).toHaveLength(1);
    expect(JSON.stringify(reads[0]!.Resource)).toMatch(/vapidKeys/);
    expect(
      statementsOfFunction(devFeeds, 'generateFeeds')
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('secretsmanager:')),
    ).toEqual([]);
  });

  it('declares the stage’s SES identity in the data stack, with its DKIM records as outputs, and lets the worker send from it', () => {
    const data = fullStage.templates.data;
    data.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.example.com' });
    expect(Object.keys(data.findOutputs('*')).filter((o) => o.startsWith('MailDkim'))).toHaveLength(3);
    full.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(variables(full, 'deliverNotifications')[notificationEnv.mailFrom]).toBe(
      'Edge Options <alerts@mail.example.com>',
    );
    const ses = statementsOfFunction(full, 'deliverNotifications').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('ses:')),
    );
    expect(ses.flatMap(actionsOf).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(JSON.stringify(ses[0]!.Resource)).toContain('identity/');
    expect(JSON.stringify(ses[0]!.Resource)).toMatch(/MailIdentity/);
    expect(sesActions(fullFeeds, 'generateFeeds')).toEqual([]);
  });
});

describe('bounces and complaints', () => {
  it('sends every e-mail of the identity with the stage’s configuration set, which SES suppresses on too', () => {
    const data = fullStage.templates.data;
    data.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'edge-options-full-mail',
      SuppressionOptions: { SuppressedReasons: Match.arrayWith(['BOUNCE', 'COMPLAINT']) },
    });
    data.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    fullStage.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ ConfigurationSet: 'edge-options-full-mail' }),
    });
    devStage.templates.data.resourceCountIs('AWS::SES::ConfigurationSet', 0);
    dev.resourceCountIs('AWS::SNS::Topic', 0);
    expect(() => findFunction(dev, 'handleMailFeedback')).toThrow();
  });

  it('publishes bounces and complaints alone to an encrypted, TLS-only topic the feedback function alone subscribes to', () => {
    full.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: Match.anyValue() },
      },
    });
    full.resourceCountIs('AWS::SNS::Topic', 1);
    full.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    full.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    const subscriptions = Object.values(full.findResources('AWS::SNS::Subscription'));
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.Properties.Protocol).toBe('lambda');
    const [logicalId] = Object.entries(full.findResources('AWS::Lambda::Function')).find(([, fn]) =>
      JSON.stringify(fn).includes('handleMailFeedback'),
    )!;
    expect(JSON.stringify(subscriptions[0]!.Properties.Endpoint)).toContain(logicalId);
    // SES may encrypt to the key; nobody else is named on it.
    const keyPolicy = JSON.stringify(Object.values(full.findResources('AWS::KMS::Key'))[0]);
    expect(keyPolicy).toContain('ses.amazonaws.com');
  });

  it('lets the feedback function read and write profiles alone: no queue, no SES, no other table', () => {
    const actions = statementsOfFunction(full, 'handleMailFeedback').flatMap(actionsOf);
    expect(actions.filter((a) => a.startsWith('sqs:') || a.startsWith('ses:'))).toEqual([]);
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions).toContain('dynamodb:Query');
    const resources = JSON.stringify(
      statementsOfFunction(full, 'handleMailFeedback')
        .filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))
        .map((s) => s.Resource),
    );
    expect(resources).toMatch(/profiles/i);
    expect(resources).not.toMatch(/notifications|trades|watchlists/i);
  });
});

describe('routes that send notifications', () => {
  it('are the trade confirmations, the billing webhook (queue) and a rule’s test (mail)', () => {
    expect(queueing.map((route) => route.id).sort()).toEqual(
      ['billingWebhook', 'createTrade', 'importTrades', 'updateTrade'].sort(),
    );
    expect(routeTable.filter((route) => route.delivers === 'mail').map((route) => route.id)).toEqual([
      'testNotificationRule',
    ]);
  });

  it.each(queueing)(
    'lets $id write a delivery, read the profile, send to the queue (URL in its environment) and link to the site',
    (route) => {
      expect(route.tables).toMatchObject({ notifications: 'write' });
      expect(['read', 'readWrite']).toContain((route.tables as Record<string, string>).profiles);
      for (const synthesized of [devStage, fullStage]) {
        const api = synthesized.templates.api;
        expect(sqsActions(api, route.id)).toEqual(SEND_ONLY);
        expect(JSON.stringify(variables(api, route.id)[notificationEnv.queueUrl])).toMatch(/Deliveries/);
        expect(sesActions(api, route.id)).toEqual([]);
      }
      expect(variables(fullStage.templates.api, route.id)[runtimeEnv.siteUrl]).toBe(
        'https://app.example.com',
      );
    },
  );

  it('lets a rule’s test send from the identity where there is one, and never queue', () => {
    const full = fullStage.templates.api;
    expect(sesActions(full, 'testNotificationRule')).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(variables(full, 'testNotificationRule')[notificationEnv.mailFrom]).toBe(
      'Edge Options <alerts@mail.example.com>',
    );
    expect(sesActions(devStage.templates.api, 'testNotificationRule')).toEqual([]);
    expect(
      variables(devStage.templates.api, 'testNotificationRule')[notificationEnv.mailFrom],
    ).toBeUndefined();
    expect(sqsActions(full, 'testNotificationRule')).toEqual([]);
  });

  it.each(routeTable.filter((route) => route.delivers === undefined))(
    'gives $id neither the queue nor the identity',
    (route) => {
      const full = fullStage.templates.api;
      expect(sqsActions(full, route.id)).toEqual([]);
      expect(sesActions(full, route.id)).toEqual([]);
      expect(variables(full, route.id)[notificationEnv.queueUrl]).toBeUndefined();
      expect(variables(full, route.id)[notificationEnv.mailFrom]).toBeUndefined();
    },
  );
});

describe('stack order', () => {
  /** Each stack's dependencies, from the cloud assembly's manifest (what `cdk deploy` orders by). */
  function dependencies(synthesized: SynthesizedStage): Map<string, string[]> {
    const manifest = JSON.parse(readFileSync(join(synthesized.outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; dependencies?: string[] }>;
    };
    const stacks = Object.entries(manifest.artifacts).filter(
      ([, a]) => a.type === 'aws:cloudformation:stack',
    );
    const names = new Set(stacks.map(([name]) => name));
    return new Map(
      stacks.map(([name, artifact]) => [name, (artifact.dependencies ?? []).filter((d) => names.has(d))]),
    );
  }

  it.each(['dev', 'full'] as const)(
    'deploys the notifications stack after data and auth and before the API and the jobs, with no cycle (%s)',
    (name) => {
      const graph = dependencies(name === 'dev' ? devStage : fullStage);
      const id = (stack: string) => `edge-options-${name}-${stack}`;
      expect(graph.get(id('notifications'))).toEqual(expect.arrayContaining([id('data'), id('auth')]));
      expect(graph.get(id('api'))).toContain(id('notifications'));
      expect(graph.get(id('feeds'))).toContain(id('notifications'));
      expect(graph.get(id('notifications'))).not.toContain(id('api'));
      expect(graph.get(id('notifications'))).not.toContain(id('feeds'));
      // Every stack can be ordered: repeatedly remove those whose dependencies are all gone.
      const left = new Map(graph);
      while (left.size > 0) {
        const ready = [...left].filter(([, deps]) => deps.every((d) => !left.has(d))).map(([s]) => s);
        expect(ready, `a cycle among ${[...left.keys()].join(', ')}`).not.toHaveLength(0);
        for (const stack of ready) left.delete(stack);
      }
    },
  );
});

describe('the user pool’s e-mail', () => {
  it('goes through SES from the stage’s identity when it names one', () => {
    fullStage.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Edge Options <alerts@mail.example.com>',
        SourceArn: Match.anyValue(),
      },
    });
    const pool = Object.values(
      fullStage.templates.auth.findResources('AWS::Cognito::UserPool') as Record<
        string,
        { Properties: { EmailConfiguration: { SourceArn: unknown } } }
      >,
    )[0]!;
    expect(JSON.stringify(pool.Properties.EmailConfiguration.SourceArn)).toContain(
      ':identity/mail.example.com',
    );
  });

  it('keeps Cognito’s own sender without one', () => {
    for (const template of [devStage.templates.auth]) {
      const pool = Object.values(
        template.findResources('AWS::Cognito::UserPool') as Record<
          string,
          { Properties: { EmailConfiguration?: { EmailSendingAccount?: string } } }
        >,
      )[0]!;
      expect(pool.Properties.EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe(
        'COGNITO_DEFAULT',
      );
    }
  });
});
