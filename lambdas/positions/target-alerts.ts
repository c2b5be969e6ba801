/**
 * The positions job (shared/src/schedules.ts `recordPositionTargets`): during a regular market
 * session, every user's open positions are marked from the market GET /api/positions reads, each
 * against its owner's target rules, and each target newly reached is recorded once per trade and
 * rule (a conditional put on `target#<trade id>:<kind>`): an alert on the owner's Alerts page, and
 * an event their "my position targets" notification rules deliver. A repeated or concurrent run
 * finds the alert written and records, and notifies, nothing more
 * (docs/decisions/position-target-alerts.md).
 */
import { isInSession } from '@shared/market/calendar';
import type { PositionTargetItem } from '@shared/notifications/matcher';
import { openShards } from '@shared/trades/open-index';
import type { PositionAlert } from '@shared/trades/position-schemas';
import { expiredOn } from '@shared/trades/settlement';
import type { TargetRules } from '@shared/trades/target-rules';
import type { ChainSource } from '../market/chain-source';
import type { StoredTrade, TradesRepo } from '../trades/repository';
import { positionAlertId, type PositionAlertsRepo } from './alerts-repository';
import { markTrades } from './service';

export interface TargetAlertDeps {
  trades: Pick<TradesRepo, 'openInShard'>;
  /** The configured chain provider; null for the simulated market. */
  chains: ChainSource | null;
  /** The user's target rules (their profile's, over the defaults). */
  rulesOf: (userId: string) => Promise<TargetRules>;
  alerts: PositionAlertsRepo;
  /** Hands the new alerts to the notification rules; the deliveries written. */
  notify: (items: readonly PositionTargetItem[]) => Promise<number>;
}

export interface TargetRun {
  /** False outside a regular session (weekends, holidays, evenings): nothing is read. */
  inSession: boolean;
  users: number;
  positions: number;
  /** Alerts written by this run (targets reached for the first time). */
  alerts: number;
  deliveries: number;
  /** Users whose positions could not be marked this run (logged; the run fails after the others). */
  failures: { userId: string; error: unknown }[];
}

/** The event a new alert is to the notification rules. */
export const targetItem = (userId: string, alert: PositionAlert): PositionTargetItem => ({
  id: alert.id,
  userId,
  ticker: alert.ticker,
  strategy: alert.strategy,
  kind: alert.kind,
  label: alert.label,
  detail: alert.detail,
  timestamp: alert.triggered_at,
  provider: alert.source,
});

/** Every open position with legs, not yet expired, by owner: one read of each shard of the sparse index. */
async function openPositionsByUser(deps: TargetAlertDeps, at: Date): Promise<Map<string, StoredTrade[]>> {
  const byUser = new Map<string, StoredTrade[]>();
  for (const shard of openShards())
    for (const trade of await deps.trades.openInShard(shard)) {
      // The index is eventually consistent: a trade closed a moment ago may still be listed.
      if (trade.exit_price !== null || !trade.legs?.length || expiredOn(trade, at) !== null) continue;
      const list = byUser.get(trade.user_id) ?? [];
      list.push(trade);
      byUser.set(trade.user_id, list);
    }
  return byUser;
}

/** One run at `at` (the market's clock): what it marked and recorded. `prepare` runs first, in session only. */
export async function recordPositionTargets(
  deps: TargetAlertDeps,
  at: Date,
  prepare: () => Promise<void> = async () => {},
): Promise<TargetRun> {
  const run: TargetRun = { inSession: false, users: 0, positions: 0, alerts: 0, deliveries: 0, failures: [] };
  if (!isInSession(at)) return run;
  run.inSession = true;
  await prepare();
  const byUser = await openPositionsByUser(deps, at);
  const fresh: PositionTargetItem[] = [];
  for (const [userId, trades] of byUser) {
    run.users += 1;
    try {
      const marked = await markTrades(deps, trades, at, await deps.rulesOf(userId));
      run.positions += marked.positions.length;
      for (const position of marked.positions)
        for (const target of position.targets) {
          const alert: PositionAlert = {
            id: positionAlertId(position.trade_id, target.kind),
            trade_id: position.trade_id,
            ticker: position.ticker,
            strategy: position.strategy,
            kind: target.kind,
            label: target.label,
            detail: target.detail,
            triggered_at: at.toISOString(),
            underlying_price: position.underlying_price,
            close_price: position.close_price,
            unrealized_pnl: position.unrealized_pnl,
            source: marked.provenance.source,
          };
          if (await deps.alerts.create(userId, alert)) {
            run.alerts += 1;
            fresh.push(targetItem(userId, alert));
          }
        }
    } catch (error) {
      run.failures.push({ userId, error });
    }
  }
  run.deliveries = fresh.length > 0 ? await deps.notify(fresh) : 0;
  return run;
}
