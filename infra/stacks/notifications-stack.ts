import { Stack, type StackProps } from 'aws-cdk-lib';
import { type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { type IConfigurationSet, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { type Construct } from 'constructs';
import { type TableKey } from '@shared/tables';
import { type FunctionContext } from '../constructs/app-function';
import { NotificationDelivery } from '../constructs/notification-delivery';

export interface NotificationsStackProps extends StackProps {
  context: FunctionContext;
  tables: Record<TableKey, ITable>;
  /** The stage's Web Push key pair, read by the worker. */
  vapidKeys: ISecret;
  /** The stage's SES identity (data stack), when it has one. */
  mailIdentity?: IEmailIdentity;
  /** The identity's configuration set (data stack): its bounces and complaints come here. */
  mailEvents?: IConfigurationSet;
}

/**
 * Notification delivery: the queue, its dead-letter queue and the worker. Its own stack, created
 * before the API and feeds stacks, because functions of both send to the queue (the routes'
 * confirmations and account e-mails, the jobs' matches): each grant is a reference from the
 * sender's stack to this one, never back, so no stack depends on another in a circle
 * (docs/decisions/notification-delivery-queue.md).
 */
export class NotificationsStack extends Stack {
  readonly delivery: NotificationDelivery;

  constructor(scope: Construct, id: string, props: NotificationsStackProps) {
    super(scope, id, props);
    this.delivery = new NotificationDelivery(this, 'Notifications', {
      context: props.context,
      tables: props.tables,
      vapidKeys: props.vapidKeys,
      mailIdentity: props.mailIdentity,
      mailEvents: props.mailEvents,
    });
  }
}
