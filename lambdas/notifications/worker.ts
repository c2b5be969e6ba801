/**
 * The delivery worker: the SQS queue's consumer (AWS). Each message names one delivery; a
 * delivery that stays pending (a retry could help) is reported as a batch item failure, so SQS
 * delivers it again after the visibility timeout, and after the queue's receive limit moves it to
 * the dead-letter queue. A malformed message is dropped (logged), never retried.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { createLogger } from '../common/observability';
import { notificationDeps } from './deps';
import { deliver, RetryableDeliveryError, type NotificationDeps } from './service';

const deliveryRefSchema = z.strictObject({
  userId: z.string().min(1),
  id: z.string().regex(/^[0-9a-f]{32}$/),
});
const deps = notificationDeps();
const log = createLogger('notifications');

export async function deliverBatch(event: SQSEvent, using: NotificationDeps): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let ref: z.infer<typeof deliveryRefSchema>;
    try {
      ref = deliveryRefSchema.parse(JSON.parse(record.body));
    } catch {
      log.error('malformed notification message dropped', { messageId: record.messageId });
      continue;
    }
    try {
      await deliver(using, ref);
    } catch (error) {
      if (!(error instanceof RetryableDeliveryError)) log.error('notification delivery failed', { error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

/** The SQS event source's handler (report batch item failures on). */
export const deliverNotifications = (event: SQSEvent) => deliverBatch(event, deps);
