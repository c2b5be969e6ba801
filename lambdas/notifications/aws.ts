/**
 * The AWS half of delivery: a pending delivery goes to the SQS queue (delayed until its item is
 * due, SQS allowing 15 minutes at most), and e-mail is sent through SES v2 from the stage's
 * identity (NOTIFICATIONS_MAIL_FROM). Clients built once per container, on first use.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { traceClient } from '../common/tracing';
import type { Mailer } from './mail';
import type { DeliveryRef } from './service';

/** SQS's longest message delay. */
export const MAX_DELAY_SECONDS = 900;

let sqs: SQSClient | undefined;
let ses: SESv2Client | undefined;

/** Seconds until `deliverAt`, within what SQS takes. */
export const delaySeconds = (deliverAt: Date, now: Date) =>
  Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((deliverAt.getTime() - now.getTime()) / 1000)));

export function sqsQueue(queueUrl: string, client?: Pick<SQSClient, 'send'>) {
  return async (ref: DeliveryRef, deliverAt: Date) => {
    const sender = client ?? (sqs ??= traceClient(new SQSClient({})));
    await sender.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(ref),
        DelaySeconds: delaySeconds(deliverAt, new Date()),
      }),
    );
  };
}

export function sesMailer(from: string, client?: Pick<SESv2Client, 'send'>): Mailer {
  return {
    async send(message) {
      const sender = client ?? (ses ??= traceClient(new SESv2Client({})));
      await sender.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}
