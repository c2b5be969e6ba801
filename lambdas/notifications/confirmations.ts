/**
 * Journal confirmations by e-mail (issue 25 item 3): a trade added or closed, and a CSV import's
 * summary, sent when the user's "Trade confirmations" preference is on. Each is one delivery in
 * the `notifications` table (channel `email`, rule CONFIRMATIONS_RULE_ID), its id a hash of a key
 * naming the event (`trade#<id>#added`, `trade#<id>#closed`, `import#<file hash>`) and written
 * with the same conditional put as a rule's delivery: a repeated or retried request records
 * nothing and sends nothing. The message is rendered here and stored with the delivery, so the
 * worker (SQS in AWS, in-process locally) sends what the trade was at that moment.
 */
import type { NotifiedEvent } from '@shared/notifications/schemas';
import type { Trade, TradeImportResult, TradeLeg } from '@shared/trades/schemas';
import type { StoredNotification } from './repository';
import {
  ACCOUNT_RULE_ID,
  CONFIRMATIONS_RULE_ID,
  DELIVERY_TTL_SECONDS,
  notificationId,
  type NotificationDeps,
} from './service';

export interface ConfirmationMail {
  /** What makes it once: the same key never records (or sends) a second e-mail. */
  key: string;
  event: NotifiedEvent;
  subject: string;
  text: string;
}

const usd = (value: number) =>
  `${value < 0 ? '-' : ''}$${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signedUsd = (value: number) => (value > 0 ? `+${usd(value)}` : usd(value));

function legLine(leg: TradeLeg): string {
  const what =
    leg.kind === 'stock'
      ? 'shares'
      : `${leg.strike === null ? '' : `${leg.strike} `}${leg.kind}${leg.expiration ? ` ${leg.expiration}` : ''}`;
  return `  ${leg.side} ${leg.quantity} × ${what} @ ${usd(leg.premium)}`;
}

/** The journal page's path in the app (frontend/src/app/router.tsx). */
export const JOURNAL_PATH = '/dashboard/journal';

/** The journal's address on the site (SITE_URL), or where to find it when the stage has none. */
export const journalLink = (origin: string | null) =>
  origin ? `${origin}${JOURNAL_PATH}` : 'the Journal page of the app';

const footer = (origin: string | null) =>
  `Open your journal: ${journalLink(origin)}\n\nYou get these because "Trade confirmations" is on in Account Settings; turn it off there to stop them.`;

/** A trade added to the journal (`added`) or closed (`closed`): its figures, and its P&L once closed. */
export function tradeConfirmation(
  kind: 'added' | 'closed',
  trade: Trade,
  origin: string | null,
): ConfirmationMail {
  const side = trade.side === 'credit' ? 'credit' : 'debit';
  const lines = [
    `${trade.ticker} ${trade.strategy}, ${trade.quantity} × at ${usd(trade.entry_price)} ${side}`,
    `Opened: ${trade.opened_at}`,
  ];
  if (trade.legs && trade.legs.length > 0) lines.push('Legs:', ...trade.legs.map(legLine));
  if (trade.exit_price !== null)
    lines.push(`Closed at ${usd(trade.exit_price)}${trade.closed_at ? ` on ${trade.closed_at}` : ''}`);
  if (trade.fees > 0) lines.push(`Fees: ${usd(trade.fees)}`);
  if (trade.pnl !== null) lines.push(`P&L: ${signedUsd(trade.pnl)}`);
  const headline =
    kind === 'closed'
      ? `Closed: ${trade.ticker} ${trade.strategy}${trade.pnl === null ? '' : `, P&L ${signedUsd(trade.pnl)}`}`
      : `Added to your journal: ${trade.ticker} ${trade.strategy}`;
  return {
    key: `trade#${trade.trade_id}#${kind}`,
    event: {
      feed: 'trade',
      id: `${trade.trade_id}#${kind}`,
      ticker: trade.ticker,
      summary: headline,
      timestamp: (kind === 'closed' ? trade.closed_at : null) ?? trade.updated_at,
      provider: `journal (${trade.source})`,
    },
    subject: headline,
    text: `${lines.join('\n')}\n\n${footer(origin)}`,
  };
}

/**
 * A completed CSV import: how many of the file's trades are now in the journal (added or closed by
 * it, or there already), and what it did not take. The same figures whichever request completed
 * the import: a retry after a failure finds the rows the failed attempt wrote already there, so
 * "added" and "already there" are not told apart. `fileKey` names the file (its content hash).
 */
export function importConfirmation(
  result: TradeImportResult,
  fileKey: string,
  at: Date,
  origin: string | null,
): ConfirmationMail {
  const inJournal = result.imported + result.updated + result.duplicates.length;
  const summary = `Import complete: ${inJournal} trade${inJournal === 1 ? '' : 's'} from the file in your journal`;
  const lines = [
    `File format: ${result.format}`,
    `Trades of the file now in your journal (added, closed, or there already): ${inJournal}`,
    `Rows the journal does not take: ${result.skipped.length}`,
    `Rows with errors: ${result.errors.length}`,
  ];
  return {
    key: `import#${fileKey}`,
    event: {
      feed: 'import',
      id: fileKey,
      ticker: '',
      summary,
      timestamp: at.toISOString(),
      provider: `journal import (${result.format})`,
    },
    subject: summary,
    text: `${lines.join('\n')}\n\n${footer(origin)}`,
  };
}

/**
 * Records the confirmation and hands it to the worker, when the user's preference is on.
 * 'off': the preference is off (or the profile has no address), nothing recorded; 'repeat': this
 * key was recorded before, nothing sent again; 'queued': recorded and handed on.
 */
export async function sendConfirmationMail(
  deps: NotificationDeps,
  userId: string,
  mail: ConfirmationMail,
): Promise<'off' | 'repeat' | 'queued'> {
  const target = await deps.repo.mailTarget(userId);
  if (!target?.tradeConfirmations) return 'off';
  return record(deps, userId, mail, CONFIRMATIONS_RULE_ID);
}

/**
 * An account e-mail (a failed payment, a plan change): recorded once per key and handed to the
 * worker whatever the preferences (they govern alerts and journal confirmations, not what the
 * account costs). 'off': the profile has no address.
 */
export async function sendAccountMail(
  deps: NotificationDeps,
  userId: string,
  mail: ConfirmationMail,
): Promise<'off' | 'repeat' | 'queued'> {
  if (!(await deps.repo.mailTarget(userId))) return 'off';
  return record(deps, userId, mail, ACCOUNT_RULE_ID);
}

async function record(
  deps: NotificationDeps,
  userId: string,
  mail: ConfirmationMail,
  ruleId: string,
): Promise<'repeat' | 'queued'> {
  const now = deps.now();
  const notification: StoredNotification = {
    id: notificationId(ruleId, { feed: mail.event.feed, id: mail.key }, 'email'),
    userId,
    ruleId,
    channel: 'email',
    status: 'pending',
    attempts: 0,
    event: mail.event,
    mail: { subject: mail.subject, text: mail.text },
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const written = await deps.repo.createNotification(
    notification,
    Math.floor(now.getTime() / 1000) + DELIVERY_TTL_SECONDS,
  );
  if (!written) return 'repeat';
  await deps.enqueue({ userId, id: notification.id }, now);
  return 'queued';
}
