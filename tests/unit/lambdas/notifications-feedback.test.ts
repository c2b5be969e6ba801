/**
 * Bounces and complaints turn e-mail off (issue 25), on SES events as SES publishes them: AWS's
 * own SNS examples of a permanent bounce, a complaint and a delivery, a bounce recorded from SES's
 * mailbox simulator (identity feedback format), and a hand-written transient bounce. The profiles
 * of the address are marked once however often SNS delivers; the worker then records the
 * trader's e-mail `suppressed` with the reason, and sends again once the mark is cleared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SNSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { suppressionsOf, suppressionText, type EmailSuppression } from '@shared/notifications/mail-feedback';
import {
  applyMailFeedback,
  handleFeedbackRecords,
  localSimulatorFeedback,
  type FeedbackProfiles,
} from '../../../lambdas/notifications/feedback';
import type { MailMessage } from '../../../lambdas/notifications/mail';
import type {
  MailTarget,
  NotificationsRepo,
  StoredNotification,
} from '../../../lambdas/notifications/repository';
import {
  CONFIRMATIONS_RULE_ID,
  deliver,
  type NotificationDeps,
} from '../../../lambdas/notifications/service';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/providers/ses', name), 'utf8');
const json = (name: string): unknown => JSON.parse(fixture(name));

/** Profiles by id: their address and their mark, as the profiles table holds them. */
function memoryProfiles(entries: Record<string, string>) {
  const profiles = new Map(
    Object.entries(entries).map(([id, email]) => [id, { email, mark: null as EmailSuppression | null }]),
  );
  let writes = 0;
  const repo: FeedbackProfiles = {
    idsByEmail: async (email) => [...profiles].filter(([, p]) => p.email === email).map(([id]) => id),
    suppressEmail: async (id, suppression) => {
      const profile = profiles.get(id);
      if (!profile || profile.email !== suppression.address) return false;
      profile.mark = suppression;
      writes += 1;
      return true;
    },
  };
  return { repo, profiles, writes: () => writes };
}

const snsEvent = (...messages: string[]): SNSEvent =>
  ({
    Records: messages.map((Message, i) => ({
      EventSource: 'aws:sns',
      Sns: { MessageId: `m-${i}`, Message, Type: 'Notification' },
    })),
  }) as unknown as SNSEvent;

describe('suppressionsOf (SES events as published)', () => {
  it('takes a permanent bounce: its recipient, the bounce time and subtype', () => {
    expect(suppressionsOf(json('bounce-permanent.awsdocs-sns-example.json'))).toEqual([
      {
        address: 'recipient@example.com',
        reason: 'bounce',
        at: '2017-08-05T00:41:02.669Z',
        detail: 'General',
      },
    ]);
  });

  it('takes a complaint with its feedback type', () => {
    expect(suppressionsOf(json('complaint.awsdocs-sns-example.json'))).toEqual([
      {
        address: 'recipient@example.com',
        reason: 'complaint',
        at: '2017-08-05T00:41:02.669Z',
        detail: 'abuse',
      },
    ]);
  });

  it('takes the identity feedback format too (notificationType), as recorded from the simulator', () => {
    expect(suppressionsOf(json('bounce-suppressed.carbon-amazon.json'))).toEqual([
      {
        address: 'hi@simulator.amazonses.com',
        reason: 'bounce',
        at: '2014-01-14T07:24:37.621Z',
        detail: 'Suppressed',
      },
    ]);
  });

  it('ignores a transient bounce and a delivery', () => {
    expect(suppressionsOf(json('bounce-transient.handwritten.json'))).toEqual([]);
    expect(suppressionsOf(json('delivery.awsdocs-sns-example.json'))).toEqual([]);
  });

  it('refuses a bounce without recipients and a message that is no SES event', () => {
    const bounce = json('bounce-permanent.awsdocs-sns-example.json') as { bounce: Record<string, unknown> };
    expect(() =>
      suppressionsOf({ ...bounce, bounce: { ...bounce.bounce, bouncedRecipients: [] } }),
    ).toThrow();
    expect(() => suppressionsOf({ hello: 'world' })).toThrow();
  });

  it('words the reason for the Account page and the log', () => {
    const [bounce] = suppressionsOf(json('bounce-permanent.awsdocs-sns-example.json'));
    expect(suppressionText(bounce!)).toBe(
      'e-mail is off: messages to recipient@example.com bounced on Aug 5, 2017',
    );
    const [complaint] = suppressionsOf(json('complaint.awsdocs-sns-example.json'));
    expect(suppressionText(complaint!)).toMatch(/were reported as spam on Aug 5, 2017$/);
  });
});

describe('handleFeedbackRecords (the SNS subscriber)', () => {
  it('marks every profile of a permanently bounced address, and only those', async () => {
    const { repo, profiles } = memoryProfiles({ a: 'recipient@example.com', b: 'other@example.com' });
    await handleFeedbackRecords(repo, snsEvent(fixture('bounce-permanent.awsdocs-sns-example.json')));
    expect(profiles.get('a')!.mark).toMatchObject({ reason: 'bounce', address: 'recipient@example.com' });
    expect(profiles.get('b')!.mark).toBeNull();
  });

  it('marks on a complaint, not on a transient bounce or a delivery', async () => {
    const { repo, profiles } = memoryProfiles({ a: 'recipient@example.com' });
    await handleFeedbackRecords(
      repo,
      snsEvent(fixture('bounce-transient.handwritten.json'), fixture('delivery.awsdocs-sns-example.json')),
    );
    expect(profiles.get('a')!.mark).toBeNull();
    await handleFeedbackRecords(repo, snsEvent(fixture('complaint.awsdocs-sns-example.json')));
    expect(profiles.get('a')!.mark).toMatchObject({ reason: 'complaint', detail: 'abuse' });
  });

  it('is idempotent: SNS delivering the same message twice leaves the same mark', async () => {
    const { repo, profiles } = memoryProfiles({ a: 'recipient@example.com' });
    const message = fixture('bounce-permanent.awsdocs-sns-example.json');
    await handleFeedbackRecords(repo, snsEvent(message));
    const first = structuredClone(profiles.get('a')!.mark);
    await handleFeedbackRecords(repo, snsEvent(message));
    expect(profiles.get('a')!.mark).toEqual(first);
  });

  it('drops a malformed or unknown message and goes on with the next (no retry loop)', async () => {
    const { repo, profiles } = memoryProfiles({ a: 'recipient@example.com' });
    await expect(
      handleFeedbackRecords(
        repo,
        snsEvent(
          'not json',
          'Successfully validated SNS topic for Amazon SES event publishing.',
          '{"eventType":"Bounce","bounce":{}}',
          fixture('bounce-permanent.awsdocs-sns-example.json'),
        ),
      ),
    ).resolves.toBeUndefined();
    expect(profiles.get('a')!.mark).not.toBeNull();
  });

  it('finds a profile holding the address in lower case, and not one whose address changed', async () => {
    const { repo, profiles } = memoryProfiles({ a: 'dana@example.com' });
    const bounce = json('bounce-permanent.awsdocs-sns-example.json') as {
      bounce: { bouncedRecipients: { emailAddress: string }[] };
    };
    bounce.bounce.bouncedRecipients[0]!.emailAddress = 'Dana@Example.com';
    expect(await applyMailFeedback(repo, bounce)).toEqual(['a']);
    expect(profiles.get('a')!.mark!.address).toBe('dana@example.com');
    profiles.get('a')!.mark = null;
    profiles.get('a')!.email = 'dana@new.example.com';
    expect(await applyMailFeedback(repo, bounce)).toEqual([]);
  });
});

describe('localSimulatorFeedback (no SES locally)', () => {
  it('bounces a message to SES’s bounce simulator address, labelled, and leaves any other address alone', async () => {
    const { repo, profiles } = memoryProfiles({
      a: 'bounce@simulator.amazonses.com',
      b: 'complaint@simulator.amazonses.com',
      c: 'dana@example.com',
    });
    const now = new Date('2026-03-10T15:00:00Z');
    expect(await localSimulatorFeedback(repo, 'dana@example.com', now)).toEqual([]);
    expect(await localSimulatorFeedback(repo, 'bounce@simulator.amazonses.com', now)).toEqual(['a']);
    expect(await localSimulatorFeedback(repo, 'complaint@simulator.amazonses.com', now)).toEqual(['b']);
    expect(profiles.get('a')!.mark).toEqual({
      address: 'bounce@simulator.amazonses.com',
      reason: 'bounce',
      at: '2026-03-10T15:00:00.000Z',
      detail: 'General (local simulator)',
    });
    expect(profiles.get('b')!.mark).toMatchObject({ reason: 'complaint', detail: 'abuse (local simulator)' });
    expect(profiles.get('c')!.mark).toBeNull();
  });
});

describe('the worker and a suppressed address', () => {
  function setup(target: MailTarget) {
    const deliveries = new Map<string, StoredNotification>();
    const repo = {
      getNotification: async (_u: string, id: string) => structuredClone(deliveries.get(id) ?? null),
      updateNotification: async (_u: string, id: string, change: Partial<StoredNotification>) => {
        const { detail: _old, ...rest } = deliveries.get(id)!;
        deliveries.set(id, { ...rest, ...change });
      },
      getRule: async () => null,
      mailTarget: async () => target,
    } as unknown as NotificationsRepo;
    const mail: MailMessage[] = [];
    const deps: NotificationDeps = {
      repo,
      mailer: { send: async (m) => void mail.push(m) },
      webhook: { allowLocal: false },
      vapidKeys: async () => null,
      enqueue: async () => undefined,
      planAllows: async () => true,
      now: () => new Date('2026-03-10T15:00:00Z'),
    };
    deliveries.set('a'.repeat(32), {
      id: 'a'.repeat(32),
      userId: 'u1',
      ruleId: CONFIRMATIONS_RULE_ID,
      channel: 'email',
      status: 'pending',
      attempts: 0,
      event: {
        feed: 'trade',
        id: 't1',
        ticker: 'AAPL',
        summary: 'Added AAPL',
        timestamp: '2026-03-10T15:00:00.000Z',
        provider: 'journal',
      },
      createdAt: '2026-03-10T15:00:00.000Z',
      updatedAt: '2026-03-10T15:00:00.000Z',
      mail: { subject: 'Added', text: 'Added AAPL' },
    } as StoredNotification);
    return { deps, deliveries, mail };
  }

  it('records the delivery suppressed with the reason and sends nothing', async () => {
    const [mark] = suppressionsOf(json('bounce-permanent.awsdocs-sns-example.json'));
    const { deps, deliveries, mail } = setup({
      email: 'recipient@example.com',
      emailAlerts: true,
      tradeConfirmations: true,
      suppressed: mark!,
    });
    await deliver(deps, { userId: 'u1', id: 'a'.repeat(32) });
    expect(mail).toEqual([]);
    expect(deliveries.get('a'.repeat(32))).toMatchObject({
      status: 'suppressed',
      detail: 'e-mail is off: messages to recipient@example.com bounced on Aug 5, 2017',
    });
  });

  it('sends once the mark is gone (turned back on)', async () => {
    const { deps, deliveries, mail } = setup({
      email: 'recipient@example.com',
      emailAlerts: true,
      tradeConfirmations: true,
      suppressed: null,
    });
    await deliver(deps, { userId: 'u1', id: 'a'.repeat(32) });
    expect(mail).toHaveLength(1);
    expect(deliveries.get('a'.repeat(32))!.status).toBe('sent');
  });
});
