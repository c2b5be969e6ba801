/**
 * Journal confirmations (issue 25 item 3): the message's figures, one delivery per key however
 * often it is asked for, nothing while the "Trade confirmations" preference is off, and the
 * worker sending the stored message (and not when the preference was turned off meanwhile).
 */
import { describe, expect, it } from 'vitest';
import type { Trade, TradeImportResult } from '@shared/trades/schemas';
import {
  importConfirmation,
  sendConfirmationMail,
  tradeConfirmation,
} from '../../../lambdas/notifications/confirmations';
import type { MailMessage } from '../../../lambdas/notifications/mail';
import type { NotificationsRepo, StoredNotification } from '../../../lambdas/notifications/repository';
import { deliver, type DeliveryRef, type NotificationDeps } from '../../../lambdas/notifications/service';

const ORIGIN = 'https://app.example.com';

const trade = (over: Partial<Trade> = {}): Trade => ({
  trade_id: '01JQTRADE',
  user_id: 'user-1',
  ticker: 'AAPL',
  strategy: 'Bull Call Spread',
  side: 'debit',
  quantity: 2,
  entry_price: 1.85,
  exit_price: null,
  fees: 0,
  notes: '',
  tags: [],
  source: 'scanner',
  source_ref: null,
  legs: [
    { kind: 'call', side: 'long', quantity: 1, strike: 190, expiration: '2026-04-17', premium: 4.1 },
    { kind: 'call', side: 'short', quantity: 1, strike: 200, expiration: '2026-04-17', premium: 2.25 },
  ],
  edge_score: null,
  expected_return: null,
  opened_at: '2026-03-10T14:30:00.000Z',
  closed_at: null,
  created_at: '2026-03-10T14:31:00.000Z',
  updated_at: '2026-03-10T14:31:00.000Z',
  pnl: null,
  ...over,
});

function setup(prefs = { tradeConfirmations: true }) {
  const deliveries = new Map<string, StoredNotification>();
  const target = { email: 'dana@example.com', emailAlerts: true, ...prefs };
  const repo = {
    createNotification: async (n: StoredNotification) => {
      if (deliveries.has(n.id)) return false;
      deliveries.set(n.id, structuredClone(n));
      return true;
    },
    getNotification: async (userId: string, id: string) =>
      deliveries.get(id)?.userId === userId ? structuredClone(deliveries.get(id)!) : null,
    updateNotification: async (_u: string, id: string, change: Partial<StoredNotification>) => {
      const { detail: _old, ...rest } = deliveries.get(id)!;
      deliveries.set(id, { ...rest, ...change });
    },
    getRule: async () => null,
    mailTarget: async () => target,
  } as unknown as NotificationsRepo;
  const mail: MailMessage[] = [];
  const queued: DeliveryRef[] = [];
  const deps: NotificationDeps = {
    repo,
    mailer: { send: async (m) => void mail.push(m) },
    webhook: { allowLocal: false },
    vapidKeys: async () => null,
    enqueue: async (ref) => void queued.push(ref),
    planAllows: async () => true,
    now: () => new Date('2026-03-10T15:00:00Z'),
  };
  return { deps, deliveries, mail, queued, target };
}

describe('tradeConfirmation', () => {
  it('an added trade: ticker, strategy, quantity, fill, every leg and the journal link; no P&L while open', () => {
    const m = tradeConfirmation('added', trade(), ORIGIN);
    expect(m.key).toBe('trade#01JQTRADE#added');
    expect(m.subject).toBe('Added to your journal: AAPL Bull Call Spread');
    expect(m.text).toContain('AAPL Bull Call Spread, 2 × at $1.85 debit');
    expect(m.text).toContain('long 1 × 190 call 2026-04-17 @ $4.10');
    expect(m.text).toContain('short 1 × 200 call 2026-04-17 @ $2.25');
    expect(m.text).toContain('Open your journal: https://app.example.com/dashboard/journal');
    expect(m.text).not.toContain('P&L');
    expect(m.event).toMatchObject({ feed: 'trade', ticker: 'AAPL', provider: 'journal (scanner)' });
  });

  it('a closed trade: its exit, fees and signed P&L, in the subject too', () => {
    const closed = trade({
      exit_price: 3.1,
      closed_at: '2026-03-20T19:00:00.000Z',
      fees: 2.6,
      pnl: 247.4,
    });
    const m = tradeConfirmation('closed', closed, ORIGIN);
    expect(m.key).toBe('trade#01JQTRADE#closed');
    expect(m.subject).toBe('Closed: AAPL Bull Call Spread, P&L +$247.40');
    expect(m.text).toContain('Closed at $3.10 on 2026-03-20T19:00:00.000Z');
    expect(m.text).toContain('Fees: $2.60');
    expect(m.text).toContain('P&L: +$247.40');
    expect(m.event.timestamp).toBe('2026-03-20T19:00:00.000Z');
    expect(tradeConfirmation('closed', trade({ exit_price: 0.5, pnl: -1270 }), ORIGIN).text).toContain(
      'P&L: -$1,270.00',
    );
  });

  it('says where the journal is when the stage has no site address', () => {
    expect(tradeConfirmation('added', trade({ legs: null }), null).text).toContain(
      'Open your journal: the Journal page of the app',
    );
  });
});

describe('importConfirmation', () => {
  it("counts the file's trades now in the journal and what it refused, keyed by the file", () => {
    const result = {
      format: 'generic',
      imported: 12,
      updated: 3,
      duplicates: [{ line: 4, trade_id: 'x' }],
      skipped: [],
      errors: [{ line: 9, field: 'ticker', message: 'bad' }],
    } as unknown as TradeImportResult;
    const m = importConfirmation(result, 'filehash123', new Date('2026-03-10T15:00:00Z'), ORIGIN);
    expect(m.key).toBe('import#filehash123');
    expect(m.subject).toBe('Import complete: 16 trades from the file in your journal');
    expect(m.text).toContain('Trades of the file now in your journal (added, closed, or there already): 16');
    expect(m.text).toContain('Rows with errors: 1');
    expect(m.text).toContain('https://app.example.com/dashboard/journal');
  });
});

describe('sendConfirmationMail and its delivery', () => {
  it('records and queues one delivery per key, however often it is asked, and the worker sends it once', async () => {
    const { deps, deliveries, mail, queued } = setup();
    const m = tradeConfirmation('added', trade(), ORIGIN);
    expect(await sendConfirmationMail(deps, 'user-1', m)).toBe('queued');
    expect(await sendConfirmationMail(deps, 'user-1', m)).toBe('repeat');
    expect(deliveries.size).toBe(1);
    expect(queued).toHaveLength(1);
    await deliver(deps, queued[0]!);
    await deliver(deps, queued[0]!); // SQS may deliver a message twice
    expect(mail).toEqual([{ to: 'dana@example.com', subject: m.subject, text: m.text }]);
    expect([...deliveries.values()][0]).toMatchObject({ status: 'sent', channel: 'email', attempts: 1 });
    expect(await sendConfirmationMail(deps, 'user-1', tradeConfirmation('closed', trade(), ORIGIN))).toBe(
      'queued',
    );
    expect(deliveries.size).toBe(2);
  });

  it('records and sends nothing while the preference is off', async () => {
    const { deps, deliveries, mail, queued } = setup({ tradeConfirmations: false });
    expect(await sendConfirmationMail(deps, 'user-1', tradeConfirmation('added', trade(), ORIGIN))).toBe(
      'off',
    );
    expect(deliveries.size).toBe(0);
    expect(queued).toHaveLength(0);
    expect(mail).toHaveLength(0);
  });

  it('a delivery still pending when the preference is turned off fails with the reason, unsent', async () => {
    const { deps, deliveries, mail, queued, target } = setup();
    await sendConfirmationMail(deps, 'user-1', tradeConfirmation('added', trade(), ORIGIN));
    target.tradeConfirmations = false;
    await deliver(deps, queued[0]!);
    expect(mail).toHaveLength(0);
    expect([...deliveries.values()][0]).toMatchObject({
      status: 'failed',
      detail: 'trade confirmations are off in the account settings',
    });
  });
});
