/** Spec 9, lists and caps, and the simulated feeds table. */
import type { FeedName } from '../feeds/schemas';

/** Recent Activity lists the most recently updated trades. */
export const RECENT_ACTIVITY_LIMIT = 5;
/** Recent searches kept on the device (newest first, de-duplicated). */
export const RECENT_SEARCHES_MAX = 5;
/** Recents shown in the search dropdown. */
export const SEARCH_RECENTS_SHOWN = 3;
/** Preset symbols shown when the search box is empty. */
export const SEARCH_EMPTY_PRESETS_SHOWN = 4;
/** Results in the search dropdown. */
export const SEARCH_MAX_RESULTS = 8;
/** Matching symbols quoted per search. */
export const SEARCH_MAX_QUOTED_SYMBOLS = 5;
/** Chat history loaded on entry, and the most GET /api/chat returns. */
export const CHAT_HISTORY_LIMIT = 50;
/** Market Alerts feed length on screen. */
export const MARKET_ALERTS_SHOWN_MAX = 100;
/** Symbols one market-data request may ask for (API contract). */
export const MARKET_DATA_MAX_SYMBOLS = 50;
/** Tickers charted per chat reply. */
export const CHAT_MAX_CHARTS = 2;
/** Strategy suggestions when the question is neither bullish nor bearish. */
export const CHAT_DEFAULT_SUGGESTIONS = 2;
/** AI reply length and sampling. */
export const CHAT_MAX_TOKENS = 500;
export const CHAT_TEMPERATURE = 0.7;
/** Full-screen scanner panel exports the first this-many results. */
export const FULLSCREEN_SCAN_EXPORT_ROWS = 5;
/** Dark pool ticker search length (its dropdown lists the whole universe: issue 23). */
export const DARK_POOL_TICKER_MAX_LENGTH = 5;
/** The daily summary generates between these many news items. */
export const NEWS_ITEMS_RANGE = { min: 8, max: 12 } as const;
/** Onboarding tour steps, in order. */
export const ONBOARDING_STEPS = ['welcome', 'scanner', 'darkpool', 'research', 'alerts', 'journal'] as const;

/** Help-text risk advice. */
export const MAX_RISK_PER_TRADE_PERCENT = 2;
export const OPTIONS_STOP_LOSS_PERCENT = { min: 10, max: 20 } as const;

/** Help-text alert triggers. */
export const ALERT_TRIGGERS = {
  unusualFlowMinContracts: 1000,
  unusualFlowVolumeAboveAveragePercent: 300,
  highVolumeAbove20DayAveragePercent: 200,
  ivIncreasePercentPerHour: 20,
  darkPoolBlockMinShares: 100_000,
} as const;

export interface FeedSimulation {
  /** Items present when the feed starts. */
  seeded: number;
  /** Seconds between new items, drawn uniformly from this range. */
  intervalSeconds: { min: number; max: number };
  /** Seconds before the first new item, when it differs from the interval. */
  firstAfterSeconds?: { min: number; max: number };
  /** Items kept; the oldest beyond this are dropped. */
  cap: number;
}

export const FEED_SIMULATION = {
  alerts: {
    seeded: 12,
    intervalSeconds: { min: 15, max: 45 },
    firstAfterSeconds: { min: 5, max: 15 },
    cap: 100,
  },
  darkpool: { seeded: 15, intervalSeconds: { min: 8, max: 20 }, cap: 50 },
  chatter: { seeded: 12, intervalSeconds: { min: 15, max: 45 }, cap: 50 },
  trends: { seeded: 8, intervalSeconds: { min: 20, max: 60 }, cap: 20 },
} as const satisfies Record<FeedName, FeedSimulation>;
