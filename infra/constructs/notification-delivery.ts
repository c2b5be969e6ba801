/**
 * Notification delivery in AWS (issue 25; docs/decisions/notification-delivery-queue.md): the
 * queue the feeds job sends pending deliveries to, its dead-letter queue (after three receives;
 * its alarm is the monitoring stack's), the worker that sends them (`deliverNotifications` of
 * lambdas/notifications/worker.ts), and, when the stage names one, the SES identity e-mail is
 * sent from. Each function gets only what it uses: the job may send to the queue, the worker may
 * consume it, read and write the notifications table, read profiles and the VAPID keys, and send
 * from the identity.
 */
import { Duration } from 'aws-cdk-lib';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
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
  /** Functions that queue deliveries (the feeds job). */
  senders: readonly AppFunction[];
}

export class NotificationDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;
  readonly identity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: NotificationDeliveryProps) {
    super(scope, id);
    const mail = props.context.stage.notifications;
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

    if (mail) {
      this.identity = new EmailIdentity(this, 'MailIdentity', { identity: Identity.domain(mail.domain) });
      this.worker.fn.addEnvironment(notificationEnv.mailFrom, mail.from);
      this.identity.grantSendEmail(this.worker.fn);
    }

    for (const sender of props.senders) {
      sender.fn.addEnvironment(notificationEnv.queueUrl, this.queue.queueUrl);
      this.queue.grantSendMessages(sender.fn);
    }
  }
}
