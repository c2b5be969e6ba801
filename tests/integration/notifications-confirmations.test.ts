/**
 * Journal confirmations by e-mail on the local runtime (dynalite, the real authorizer): a trade
 * posted twice under one Idempotency-Key sends one e-mail, its close one more, a completed import
 * its summary once however often the file is sent, and nothing while "Trade confirmations" is off.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@shared/api/idempotency';
import { notificationLogSchema } from '@shared/notifications/schemas';
import { apiPath } from '@shared/routes';
import { tradeSchema } from '@shared/trades/schemas';
import { api, createUser, stack, type TestUser } from '../helpers/local-stack';

// The API server runs in the global setup's process and writes e-mail to the runtime's outbox
// (also holding Cognito's codes, which have no subject and are filtered out by address and text).
const mailsTo = (user: TestUser) =>
  existsSync(stack.mailOutbox)
    ? readFileSync(stack.mailOutbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
        .filter((m) => m.to === user.email && typeof m.text === 'string')
    : [];

const body = {
  ticker: 'MSFT',
  strategy: 'Long Call',
  entry_price: 2.5,
  quantity: 3,
  legs: [{ kind: 'call', side: 'long', quantity: 3, strike: 420, expiration: '2027-01-15', premium: 2.5 }],
};

const postTrade = (user: TestUser, key: string) =>
  api(apiPath('createTrade'), {
    token: user.accessToken,
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });

async function signedUp(tag: string) {
  const user = await createUser(tag);
  expect((await api('/api/profile', { token: user.accessToken })).status).toBe(200);
  return user;
}

describe('trade confirmations by e-mail', () => {
  it('one e-mail for a trade posted twice with the same Idempotency-Key, one for its close, logged as sent', async () => {
    const user = await signedUp('confirm-on');
    const first = await postTrade(user, 'confirm-key-0001');
    const again = await postTrade(user, 'confirm-key-0001');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER.toLowerCase())).toBe('true');
    const trade = tradeSchema.parse(first.json);

    const added = mailsTo(user);
    expect(added).toHaveLength(1);
    expect(added[0]!.subject).toBe('Added to your journal: MSFT Long Call');
    expect(added[0]!.text).toContain('MSFT Long Call, 3 × at $2.50 debit');
    expect(added[0]!.text).toContain('long 3 × 420 call 2027-01-15 @ $2.50');
    expect(added[0]!.text).toMatch(/Open your journal: http:\/\/[^\s]+\/dashboard\/journal\n/);

    const close = () =>
      api(apiPath('updateTrade', { id: trade.trade_id }), {
        token: user.accessToken,
        method: 'PATCH',
        body: { exit_price: 4, closed_at: new Date().toISOString() },
      });
    expect((await close()).status).toBe(200);
    expect((await close()).status).toBe(200);
    const mails = mailsTo(user);
    expect(mails).toHaveLength(2);
    // (4.00 − 2.50) × 100 × 3
    expect(mails[1]!.subject).toBe('Closed: MSFT Long Call, P&L +$450.00');

    const log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(log.notifications.map((n) => [n.event.feed, n.channel, n.status])).toEqual([
      ['trade', 'email', 'sent'],
      ['trade', 'email', 'sent'],
    ]);
  });

  it('a completed import sends its summary once, however often the file is sent', async () => {
    const user = await signedUp('confirm-import');
    const csv = [
      'Ticker,Strategy,Entry Price,Exit Price,Opened At',
      'AMD,Long Call,1.10,1.60,2025-05-05T14:30:00Z',
      'AMD,Long Put,0.90,,2025-05-06T14:30:00Z',
    ].join('\n');
    const send = () =>
      api(apiPath('importTrades'), {
        token: user.accessToken,
        method: 'POST',
        rawBody: csv,
        headers: { 'content-type': 'text/csv' },
      });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const mails = mailsTo(user);
    expect(mails.map((m) => m.subject)).toEqual(['Import complete: 2 trades from the file in your journal']);
    expect(mails[0]!.text).toContain(
      'Trades of the file now in your journal (added, closed, or there already): 2',
    );
  });

  it('nothing while the "Trade confirmations" preference is off', async () => {
    const user = await signedUp('confirm-off');
    const off = await api('/api/profile', {
      token: user.accessToken,
      method: 'PATCH',
      body: { notification_prefs: { trade_confirmations: false } },
    });
    expect(off.status).toBe(200);
    expect((await postTrade(user, 'confirm-key-0002')).status).toBe(201);
    expect(mailsTo(user)).toHaveLength(0);
    const log = notificationLogSchema.parse(
      (await api('/api/notifications', { token: user.accessToken })).json,
    );
    expect(log.notifications).toHaveLength(0);
  });
});
