/**
 * E-mail behind one interface. Locally a message is appended to the outbox beside the Cognito
 * codes (LOCAL_OUTBOX_FILE, set by the local runtime) and printed as a `[local mail]` line, as
 * the local user pool does with its codes.
 */
import { appendFileSync } from 'node:fs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * `afterSend` runs once the message is in the outbox: the local runtime's stand-in for SES's
 * mailbox simulator (feedback.ts `localSimulatorFeedback`).
 */
export function localOutboxMailer(
  file: string,
  log: (line: string) => void = console.log,
  afterSend?: (to: string) => Promise<void>,
): Mailer {
  return {
    async send(message) {
      appendFileSync(file, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`);
      log(`[local mail] to ${message.to}: ${message.subject}`);
      await afterSend?.(message.to);
    },
  };
}

/** A stage with no mailer configured: every e-mail delivery fails with this reason. */
export const MAIL_NOT_CONFIGURED = 'e-mail is not set up for this stage';
