/**
 * What SES tells us about a message it could not deliver (issue 25): the JSON of an SNS
 * notification, either from a configuration set's event destination (`eventType`) or from an
 * identity's feedback notifications (`notificationType`; the same objects). Only a permanent
 * bounce and a complaint turn a trader's e-mail off: a transient bounce (a full mailbox) may
 * succeed next time, and every other event (delivery, send, open…) changes nothing.
 */
import * as z from 'zod';

const recipient = z.object({ emailAddress: z.string().min(1) });

const bounceEvent = z.object({
  bounce: z.object({
    bounceType: z.string(),
    bounceSubType: z.string().optional(),
    bouncedRecipients: z.array(recipient).min(1),
    timestamp: z.string().datetime({ offset: true }),
  }),
});

const complaintEvent = z.object({
  complaint: z.object({
    complainedRecipients: z.array(recipient).min(1),
    timestamp: z.string().datetime({ offset: true }),
    complaintFeedbackType: z.string().optional(),
  }),
});

/** The envelope every SES event has: its type under one of two names. */
export const sesEventSchema = z
  .object({ eventType: z.string().optional(), notificationType: z.string().optional() })
  .refine((event) => (event.eventType ?? event.notificationType) !== undefined, {
    message: 'Neither eventType nor notificationType',
  });

/** Why e-mail to an address is off: the bounce or complaint that turned it off. */
export const emailSuppressionSchema = z.object({
  /** The address SES could not deliver to (as the profile held it when the message was sent). */
  address: z.string().min(1),
  reason: z.enum(['bounce', 'complaint']),
  /** When SES received the bounce or complaint (its timestamp). */
  at: z.string().datetime({ offset: true }),
  /** SES's words: the bounce's subtype (`General`, `NoEmail`, `Suppressed`) or the complaint's feedback type. */
  detail: z.string().max(100).optional(),
});
export type EmailSuppression = z.infer<typeof emailSuppressionSchema>;

/**
 * The suppressions an SES event asks for (one per recipient), or [] when it asks for none (a
 * transient bounce, a delivery, any other event). Throws a ZodError on a malformed bounce or
 * complaint, or a message that is no SES event at all.
 */
export function suppressionsOf(message: unknown): EmailSuppression[] {
  const envelope = sesEventSchema.parse(message);
  const type = envelope.eventType ?? envelope.notificationType;
  if (type === 'Bounce') {
    const { bounce } = bounceEvent.parse(message);
    if (bounce.bounceType !== 'Permanent') return [];
    return bounce.bouncedRecipients.map((r) => ({
      address: r.emailAddress,
      reason: 'bounce' as const,
      at: new Date(bounce.timestamp).toISOString(),
      ...(bounce.bounceSubType ? { detail: bounce.bounceSubType.slice(0, 100) } : {}),
    }));
  }
  if (type === 'Complaint') {
    const { complaint } = complaintEvent.parse(message);
    // "not-spam" is a recipient withdrawing a complaint: nothing to turn off.
    if (complaint.complaintFeedbackType === 'not-spam') return [];
    return complaint.complainedRecipients.map((r) => ({
      address: r.emailAddress,
      reason: 'complaint' as const,
      at: new Date(complaint.timestamp).toISOString(),
      ...(complaint.complaintFeedbackType ? { detail: complaint.complaintFeedbackType.slice(0, 100) } : {}),
    }));
  }
  return [];
}

/** The words the Account page and a suppressed delivery show: "messages to you@x bounced on 5 Aug 2017". */
export function suppressionText(suppression: EmailSuppression): string {
  const day = new Date(suppression.at).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const what = suppression.reason === 'bounce' ? 'bounced' : 'were reported as spam';
  return `e-mail is off: messages to ${suppression.address} ${what} on ${day}`;
}
