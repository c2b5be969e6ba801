/**
 * Notification delivery in AWS (issue 25; docs/decisions/notification-delivery-queue.md): the
 * queue pending deliveries are sent to, its dead-letter queue (after three receives; its alarm is
 * the monitoring stack's), and the worker that sends them (`deliverNotifications` of
 * lambdas/notifications/worker.ts), from the stage's SES identity when it has one (the data
 * stack's). Each function gets only what it uses: the worker may consume the queue, read and
 * write the notifications table, read profiles and the VAPID keys, and send from the identity;
 * `grantEnqueue` lets a job or a route send to the queue, `grantMail` send from the identity.
 */
import { Duration } from 'aws-cdk-lib';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { notificationEnv } from '@shared/notifications/env';
import { type TableKey } from '@shared/tables';
import { lambdaEntry } from '../paths';
import { AppFunction, type FunctionContext } from './app-function';

/** A message is received this many times (the service's MAX_ATTEMPTS) before the dead-letter queue. */
export const MAX_RECEIVES = 3;
const WORKER_TIMEOUT = Duration.seconds(30);

export interface NotificationDeliveryProps {
  context: FunctionContext;
  tables: Record<TableKey, ITable>;
  /** The Web Push key pair the worker signs and encrypts pushes with. */
  vapidKeys: ISecret;
  /** The stage's SES identity (data stack), when StageConfig.notifications names one. */
  mailIdentity?: IEmailIdentity;
}

export class NotificationDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;
  private readonly mail?: { identity: IEmailIdentity; from: string };

  constructor(scope: Construct, id: string, props: NotificationDeliveryProps) {
    super(scope, id);
    const settings = props.context.stage.notifications;
    if (settings && props.mailIdentity) this.mail = { identity: props.mailIdentity, from: settings.from };
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Deliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the worker's timeout (AWS's advice for event sources): also the retry backoff.
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });

    this.worker = new AppFunction(this, 'Worker', {
      context: props.context,
      entry: lambdaEntry('notifications', 'worker'),
      exportName: 'deliverNotifications',
      service: 'notifications',
      description: 'Sends queued notifications (e-mail, push, webhooks) and stores each outcome',
      timeout: WORKER_TIMEOUT,
    });
    this.worker.bindTable('notifications', props.tables.notifications, 'readWrite');
    this.worker.bindTable('profiles', props.tables.profiles, 'read');
    this.worker.bindSecret('vapidKeys', props.vapidKeys);
    this.worker.fn.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    this.grantMail(this.worker);
  }

  /** The queue's URL in NOTIFICATIONS_QUEUE_URL, and sqs:SendMessage on it (a job or a route that records deliveries). */
  grantEnqueue(sender: AppFunction): void {
    sender.fn.addEnvironment(notificationEnv.queueUrl, this.queue.queueUrl);
    this.queue.grantSendMessages(sender.fn);
  }

  /** The From address in NOTIFICATIONS_MAIL_FROM and ses:SendEmail from the identity; nothing without one. */
  grantMail(sender: AppFunction): void {
    if (!this.mail) return;
    sender.fn.addEnvironment(notificationEnv.mailFrom, this.mail.from);
    this.mail.identity.grantSendEmail(sender.fn);
  }
}
