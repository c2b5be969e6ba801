/**
 * Notification delivery in AWS (issue 25; docs/decisions/notification-delivery-queue.md): the
 * queue pending deliveries are sent to, its dead-letter queue (after three receives; its alarm is
 * the monitoring stack's), and the worker that sends them (`deliverNotifications` of
 * lambdas/notifications/worker.ts), from the stage's SES identity when it has one (the data
 * stack's). Each function gets only what it uses: the worker may consume the queue, read and
 * write the notifications table, read profiles and the VAPID keys, and send from the identity;
 * `grantEnqueue` lets a job or a route send to the queue, `grantMail` send from the identity.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  ConfigurationSetEventDestination,
  EmailSendingEvent,
  EventDestination,
  type IConfigurationSet,
  type IEmailIdentity,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
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
  /** The identity's configuration set: its bounces and complaints go to the feedback function. */
  mailEvents?: IConfigurationSet;
}

export class NotificationDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;
  /** The subscriber of SES's bounce and complaint events (with a configuration set only). */
  readonly feedback?: AppFunction;
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
    if (this.mail && props.mailEvents) this.feedback = this.mailFeedback(props);
  }

  /**
   * Bounces and complaints (docs/decisions/mail-bounces-and-complaints.md): the configuration
   * set publishes them to a TLS-only topic whose one subscriber marks the profiles of the address
   * (`handleMailFeedback`, lambdas/notifications/feedback.ts): it reads and writes profiles alone.
   */
  private mailFeedback(props: NotificationDeliveryProps): AppFunction {
    // The messages name trader addresses: encrypted with a key SES may use (not SNS's managed
    // one, which SES cannot); it encrypts messages in flight only, so it goes with the stack.
    const key = new Key(this, 'MailFeedbackKey', {
      description: `Encrypts the SES bounce and complaint events of ${props.context.stage.name}`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    key.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    const topic = new Topic(this, 'MailFeedback', {
      displayName: `Edge Options ${props.context.stage.name} bounces and complaints`,
      masterKey: key,
      enforceSSL: true,
    });
    new ConfigurationSetEventDestination(this, 'MailFeedbackDestination', {
      configurationSet: props.mailEvents!,
      destination: EventDestination.snsTopic(topic),
      // A transient bounce is published as a bounce too: the function ignores it.
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    const fn = new AppFunction(this, 'Feedback', {
      context: props.context,
      entry: lambdaEntry('notifications', 'feedback'),
      exportName: 'handleMailFeedback',
      service: 'notifications',
      description:
        'Turns e-mail off for the profiles of an address SES reports bounced (permanently) or complained',
      timeout: Duration.seconds(30),
    });
    fn.bindTable('profiles', props.tables.profiles, 'readWrite');
    topic.addSubscription(new LambdaSubscription(fn.fn));
    return fn;
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
