/**
 * The local pool's outbox: the codes Cognito would email (or text) are kept in a JSONL file,
 * logged, and readable at /_local/outbox. The sender hands cognito-local's messages to it.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Context, Message, User } from './cognito-local-internals';

export interface OutboxEntry {
  to: string;
  username: string;
  code: string | undefined;
  subject: string | undefined;
  at: string;
}

export class Outbox {
  private readonly entries: OutboxEntry[] = [];
  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void,
  ) {
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        this.entries.push(JSON.parse(line) as OutboxEntry);
      }
    }
  }
  add(entry: OutboxEntry) {
    this.entries.push(entry);
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
    this.log(
      `[local mail] to ${entry.to}: ${entry.subject ?? 'message'}${entry.code ? ` — code ${entry.code}` : ''}`,
    );
  }
  all() {
    return [...this.entries];
  }
}

/** cognito-local's message sender, delivering into the outbox. */
export function outboxSender(outbox: Outbox) {
  return {
    async sendEmail(_ctx: Context, user: User, destination: string, message: Message) {
      outbox.add({
        to: destination,
        username: user.Username,
        code: message.__code,
        subject: message.emailSubject ?? 'Your verification code',
        at: new Date().toISOString(),
      });
    },
    async sendSms(_ctx: Context, user: User, destination: string, message: Message) {
      outbox.add({
        to: destination,
        username: user.Username,
        code: message.__code,
        subject: 'SMS',
        at: new Date().toISOString(),
      });
    },
  };
}
