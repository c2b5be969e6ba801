/**
 * Bounces and complaints turn a trader's e-mail off (issue 25;
 * docs/decisions/mail-bounces-and-complaints.md). SES publishes every event of the stage's
 * configuration set to an SNS topic; this function, its only subscriber, reads each message and,
 * for a permanent bounce or a complaint, marks the profiles holding the address
 * (`email_suppression`): the worker then records their e-mail deliveries `suppressed` instead of
 * sending them, and the Account page says why. SNS delivers at least once: marking twice writes
 * the same mark. A message that is not an SES event is logged and dropped (no retry loop).
 */
import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod';
import { suppressionsOf, type EmailSuppression } from '@shared/notifications/mail-feedback';
import { dynamoDb } from '../common/clients';
import { tableName } from '../common/env';
import { createLogger } from '../common/observability';
import { profilesRepo, type ProfilesRepo } from '../profile/repository';

const log = createLogger('notifications');

export type FeedbackProfiles = Pick<ProfilesRepo, 'idsByEmail' | 'suppressEmail'>;

/** Marks every profile holding the address (as SES wrote it, or lower-cased); the ids marked. */
export async function suppressAddress(
  profiles: FeedbackProfiles,
  suppression: EmailSuppression,
): Promise<string[]> {
  const marked: string[] = [];
  for (const address of new Set([suppression.address, suppression.address.toLowerCase()])) {
    for (const id of await profiles.idsByEmail(address)) {
      if (await profiles.suppressEmail(id, { ...suppression, address })) marked.push(id);
    }
  }
  return marked;
}

/**
 * One SES event (the parsed JSON of an SNS message): the profiles it turned e-mail off for.
 * Throws when the message is not an SES event (the caller logs and drops it).
 */
export async function applyMailFeedback(profiles: FeedbackProfiles, message: unknown): Promise<string[]> {
  const marked: string[] = [];
  for (const suppression of suppressionsOf(message))
    marked.push(...(await suppressAddress(profiles, suppression)));
  return marked;
}

export async function handleFeedbackRecords(profiles: FeedbackProfiles, event: SNSEvent): Promise<void> {
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
      suppressionsOf(message);
    } catch (error) {
      // Not an SES event (or SNS's own confirmation text): retrying would fail the same way.
      log.error('mail feedback message dropped', {
        messageId: record.Sns.MessageId,
        reason: error instanceof z.ZodError ? 'not an SES bounce or complaint' : 'not JSON',
      });
      continue;
    }
    // A DynamoDB failure throws: SNS retries the delivery (marking twice is harmless).
    const marked = await applyMailFeedback(profiles, message);
    if (marked.length > 0) log.info('e-mail turned off after SES feedback', { profiles: marked.length });
  }
}

/** SES's mailbox simulator addresses: in AWS a message to them bounces or is complained about, for real. */
export const SIMULATOR_ADDRESSES = {
  'bounce@simulator.amazonses.com': 'Bounce',
  'complaint@simulator.amazonses.com': 'Complaint',
} as const;

/**
 * The local runtime has no SES: a message the outbox took for one of SES's simulator addresses
 * gets the event SES would publish for it (a permanent bounce, an abuse complaint), built here
 * and marked `local simulator` in its detail, and goes through the same handling. Any other
 * address is delivered (the outbox takes everything).
 */
export async function localSimulatorFeedback(
  profiles: FeedbackProfiles,
  to: string,
  now = new Date(),
): Promise<string[]> {
  const kind = SIMULATOR_ADDRESSES[to.toLowerCase() as keyof typeof SIMULATOR_ADDRESSES];
  if (!kind) return [];
  const timestamp = now.toISOString();
  const recipients = [{ emailAddress: to }];
  const event =
    kind === 'Bounce'
      ? {
          eventType: 'Bounce',
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General (local simulator)',
            bouncedRecipients: recipients,
            timestamp,
          },
        }
      : {
          eventType: 'Complaint',
          complaint: {
            complainedRecipients: recipients,
            complaintFeedbackType: 'abuse (local simulator)',
            timestamp,
          },
        };
  const marked = await applyMailFeedback(profiles, event);
  console.log(
    `[local mail] SES simulator: ${kind.toLowerCase()} for ${to}, e-mail off for ${marked.length} profile(s)`,
  );
  return marked;
}

let repo: ProfilesRepo | undefined;

/** The SNS topic's subscriber (AWS). */
export const handleMailFeedback = (event: SNSEvent) =>
  handleFeedbackRecords((repo ??= profilesRepo(dynamoDb, tableName('profiles'))), event);
