/**
 * Market Alerts' options flow from Unusual Whales (FLOW_PROVIDER=unusualwhales): each scheduled
 * run in the regular session asks for the flow alerts of the last few minutes and stores one
 * 'unusual-flow' alert per flow alert on a symbol our universe knows, with its contract. On such
 * a stage the Market Alerts feed holds these alerts only (the other alert types have no real
 * source yet). A failing run stores nothing and records why; the API serves the stored alerts
 * marked stale. Outside the session nothing is read.
 */
import type { FeedItem } from '@shared/feeds/schemas';
import { isInSession } from '@shared/market/calendar';
import { isKnownSymbol } from '@shared/market/universe';
import {
  FeedProviderError,
  feedProviderLabels,
  type FetchJson,
} from '@shared/providers/feeds/feed-providers';
import { flowAlertsUrl, flowMarketAlert, parseFlowAlerts } from '@shared/providers/feeds/unusual-whales';
import type { ProviderStatusRepo } from './provider-status';
import type { FeedsRepo } from './repository';
import type { RealFeedRun } from './social-source';

/** A run (one a minute) reads this far back: late runs and the provider's own delay are covered; ids dedupe. */
export const FLOW_LOOKBACK_MS = 3 * 60_000;
/** Stored alerts leave a day after they were fetched (the feeds' TTL). */
export const FLOW_ITEM_TTL_SECONDS = 24 * 60 * 60;

export class UnusualWhalesFlow {
  readonly provider = 'unusualwhales' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchJson: FetchJson,
    /** The market clock: whether the market trades, and the window's end. */
    private readonly marketNow: () => Date,
    private readonly wallNow: () => number = Date.now,
  ) {}

  /** The alerts of this run's window on known symbols, in session, oldest first. */
  async fetch(): Promise<{ items: FeedItem<'alerts'>[]; failure: string | null; closed: boolean }> {
    const now = this.marketNow();
    if (!isInSession(now)) return { items: [], failure: null, closed: true };
    const from = now.getTime() - FLOW_LOOKBACK_MS;
    try {
      const alerts = parseFlowAlerts(await this.fetchJson(flowAlertsUrl(this.baseUrl, from)));
      const items = alerts
        .filter((alert) => {
          const at = Date.parse(alert.created_at);
          return at >= from && at <= now.getTime() && isInSession(new Date(at));
        })
        .filter((alert) => isKnownSymbol(alert.ticker.toUpperCase()))
        .map(flowMarketAlert)
        .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      return { items, failure: null, closed: false };
    } catch (error) {
      if (!(error instanceof FeedProviderError)) throw error;
      return { items: [], failure: `${feedProviderLabels.unusualwhales} ${error.message}`, closed: false };
    }
  }

  /** Fetches, stores the alerts and records how it went (a closed market is no failure). */
  async run(repo: FeedsRepo, status: ProviderStatusRepo): Promise<RealFeedRun> {
    const { items, failure, closed } = await this.fetch();
    if (closed) return { written: 0, failure: null };
    const now = this.wallNow();
    await repo.putItems('alerts', items, () => Math.floor(now / 1000) + FLOW_ITEM_TTL_SECONDS);
    const previous = await status.get('alerts');
    await status.put('alerts', {
      provider: this.provider,
      lastSuccessAt: failure === null ? new Date(now).toISOString() : (previous?.lastSuccessAt ?? null),
      failure: failure ? { at: new Date(now).toISOString(), reason: failure } : null,
    });
    return { written: items.length, failure };
  }
}
