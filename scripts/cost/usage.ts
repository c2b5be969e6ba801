/**
 * The usage one active trader is assumed to generate in a month, and what each request costs to
 * serve: read from the code where it can be (the screens' poll intervals, the bench figures),
 * otherwise an assumption stated with its basis. Change a figure here; `npm run cost` follows.
 */

import {
  MARKET_OVERVIEW_REFRESH_MS,
  OPTIONS_DATA_REFRESH_MS,
  POSITIONS_REFRESH_MS,
  TICKER_BAR_REFRESH_MS,
  TRADES_REFRESH_MS,
} from '@shared/constants/timings';
import { feedPollMs, type FeedName } from '@shared/feeds/schemas';
import { type RouteId } from '@shared/routes';
import { UNIVERSE } from '@shared/market/universe';
import { SCAN_PICKS_PER_SESSION } from '@shared/scorecards/schemas';
import { DEFAULT_FUNCTION_MEMORY_MB, onLambda, type Screen, type UsageAssumptions } from './model';

/** The snapshot job's build per symbol (price, encode, write), from `npm run bench` (docs/performance.md). */
const CHAIN_SNAPSHOT_BUILD_MS_PER_SYMBOL = 137;

const poll = (route: RouteId, everyMs: number, source: string, share?: number) =>
  share === undefined ? { route, everyMs, source } : { route, everyMs, share, source };

const feedScreen = (feed: FeedName, minutesPerSession: number): Screen => ({
  minutesPerSession,
  polls: [poll('getFeed', feedPollMs(feed), `feedPollMs('${feed}'), the shortest gap between items`)],
  perVisit: {},
});

/**
 * One active trader: a Cognito MAU who opens the app on most trading days for about an hour
 * and moves between the screens below (a guess, stated so that it can be changed; the figures
 * scale with it). The AI and polling figures are the ones that move the total.
 */
export const usage: UsageAssumptions = {
  sessionsPerMonth: 20,
  activeHoursPerMonth: 21 * 10,
  tradingDaysPerMonth: 21,
  screens: {
    dashboard: {
      minutesPerSession: 20,
      polls: [
        poll('getMarketData', MARKET_OVERVIEW_REFRESH_MS, 'MARKET_OVERVIEW_REFRESH_MS, the overview quotes'),
        poll('getMarketData', TICKER_BAR_REFRESH_MS, 'TICKER_BAR_REFRESH_MS, the ticker bar'),
        poll('getTradeStats', TRADES_REFRESH_MS, 'TRADES_REFRESH_MS, the stat cards'),
        poll('listTrades', TRADES_REFRESH_MS, 'TRADES_REFRESH_MS, recent activity'),
        poll('getPositions', POSITIONS_REFRESH_MS, 'POSITIONS_REFRESH_MS, the portfolio greeks'),
        poll(
          'getMarketData',
          MARKET_OVERVIEW_REFRESH_MS,
          'MARKET_OVERVIEW_REFRESH_MS, the watchlist card (a guess: half the traders keep one)',
          0.5,
        ),
      ],
      perVisit: { getMarketSummary: 1 },
    },
    scanner: {
      minutesPerSession: 15,
      polls: [
        poll('scanOptions', OPTIONS_DATA_REFRESH_MS, 'OPTIONS_DATA_REFRESH_MS while the market is open'),
        poll(
          'getOptionsChain',
          OPTIONS_DATA_REFRESH_MS,
          'OPTIONS_DATA_REFRESH_MS, a chain open half the time',
          0.5,
        ),
      ],
      perVisit: {},
    },
    alerts: feedScreen('alerts', 6),
    darkpool: feedScreen('darkpool', 3),
    chatter: feedScreen('chatter', 3),
    trends: feedScreen('trends', 3),
    journal: {
      minutesPerSession: 5,
      polls: [
        poll('getTradeStats', TRADES_REFRESH_MS, 'TRADES_REFRESH_MS, the journal statistics'),
        poll('getPositions', POSITIONS_REFRESH_MS, 'POSITIONS_REFRESH_MS, the open positions'),
      ],
      perVisit: { listTrades: 2, createTrade: 1, updateTrade: 0.5 },
    },
    research: {
      minutesPerSession: 5,
      polls: [],
      // Questions are added from `ai.questionsPerSession`; about one chart range switch per two.
      perVisit: { getChatHistory: 1, getMarketHistory: 2 },
    },
  },
  perSession: { getSiteGate: 1, getProfile: 2 },
  perMonth: {
    unlockSiteGate: 1,
    getAccountStats: 2,
    getBilling: 2,
    updateProfile: 0.5,
    dismissTrendAlert: 5,
    exportTrades: 0.2,
  },
  routeWork: {
    getProfile: {
      billedMs: 40,
      rru: 1,
      wru: 0,
      responseKb: 1,
      basis: 'profile read + GetUser with the token',
    },
    updateProfile: { billedMs: 45, rru: 1, wru: 1, responseKb: 1, basis: 'read, write, GetUser' },
    getSiteGate: { billedMs: 15, rru: 0, wru: 0, responseKb: 0.2, basis: 'cookie check' },
    unlockSiteGate: {
      billedMs: 520,
      rru: 0.5,
      wru: 2,
      responseKb: 0.2,
      basis: 'SITE_GATE_DELAY_MS 0.5 s floor, rate-limit counter, session write',
    },
    getMarketData: {
      billedMs: 25,
      rru: 1,
      wru: 0,
      responseKb: 2,
      basis: 'plan read, 10-20 simulated quotes',
    },
    getOptionsChain: {
      billedMs: 40,
      rru: 1,
      wru: 0,
      responseKb: 8,
      basis: 'plan read, one expiry from the snapshot',
    },
    scanOptions: {
      billedMs: onLambda(29.7, DEFAULT_FUNCTION_MEMORY_MB) + 15,
      rru: 1,
      wru: 0,
      responseKb: 6,
      basis: 'warm whole-universe scan 29.7 ms on one bench core (README), scaled to 512 MB, + plan read',
    },
    getMarketSummary: {
      billedMs: 30,
      rru: 1,
      wru: 0,
      responseKb: 2,
      basis: 'plan read, summary from the model',
    },
    getMarketHistory: { billedMs: 30, rru: 1, wru: 0, responseKb: 3, basis: 'plan read, up to 252 closes' },
    searchSymbols: {
      billedMs: 30,
      rru: 1,
      wru: 0,
      responseKb: 1,
      basis: 'plan read, universe match; with Polygon one ticker search per text an hour',
    },
    getChatHistory: {
      billedMs: 40,
      rru: 25,
      wru: 0,
      responseKb: 30,
      basis: 'last 50 exchanges of ~4 KB (CHAT_HISTORY_LIMIT)',
    },
    postChatMessage: {
      billedMs: 5000,
      rru: 8,
      wru: 5,
      responseKb: 3,
      basis: 'waits on the model rounds (~1.5 s each) and tools; plan, quota ADD, the ~4 KB exchange',
    },
    listTrades: {
      billedMs: 25,
      rru: 2,
      wru: 0,
      responseKb: 2,
      basis: 'first page 11.7 ms (README bench) + query',
    },
    getPositions: {
      billedMs: onLambda(7.4, DEFAULT_FUNCTION_MEMORY_MB) + 20,
      rru: 2,
      wru: 0,
      responseKb: 3,
      basis:
        'marking a user’s 10 open legs 5.7-7.4 ms a user (npm run bench, one core) scaled to 512 MB, + the query of their trades (2 read units in the bench)',
    },
    createTrade: {
      billedMs: 40,
      rru: 2,
      wru: 6,
      responseKb: 1,
      basis:
        'trade + two GSIs (three while open with legs: by_open) + journal version; the confirmation: the profile read and its delivery record (the e-mail rendered in it, ~2 KB)',
    },
    updateTrade: {
      billedMs: 40,
      rru: 1,
      wru: 5,
      responseKb: 1,
      basis: 'trade + two GSIs (and by_open on opening or closing) + journal version',
    },
    getTradeStats: {
      billedMs: onLambda(18.8, 1024) + 10,
      rru: 2,
      wru: 0,
      responseKb: 2,
      basis: 'stats of an unchanged journal 18.8 ms (README bench) at 1,024 MB + cached stats read',
    },
    getFeed: {
      billedMs: 35,
      rru: 5.5,
      wru: 0,
      responseKb: 4.5,
      basis:
        'plan + dismissals + the whole feed on every request (the read a container shares among its readers is not counted: an upper bound); pages measured at 3.2-5.8 KB gzipped',
    },
    dismissTrendAlert: { billedMs: 30, rru: 2, wru: 1, responseKb: 0.2, basis: 'plan read, dismissal put' },
    getAccountStats: {
      billedMs: 80,
      rru: 6,
      wru: 0,
      responseKb: 1,
      basis: 'profile, journal stats, chat count',
    },
    getBilling: { billedMs: 20, rru: 0, wru: 0, responseKb: 0.2, basis: 'secrets only' },
    exportTrades: { billedMs: 400, rru: 80, wru: 0, responseKb: 60, basis: 'a few hundred trades as CSV' },
  },
  defaultRouteWork: { billedMs: 40, rru: 2, wru: 1, responseKb: 1, basis: 'a small read or write' },
  gateSessionRru: 1,
  jobs: {
    generateFeeds: {
      billedMs: 150,
      rru: 2,
      wru: 10,
      basis: 'about 9 items a minute (README Live feeds) + the day count; newest item per feed',
    },
    enforceFeedCaps: {
      billedMs: 120,
      rru: 14,
      wru: 9,
      basis: 'reads every feed partition (~110 KB, eventually consistent), deletes what fell off',
    },
    recordPositionTargets: {
      billedMs: 30,
      rru: 4,
      wru: 0,
      basis:
        'in session: the 8 shard Queries of the sparse by_open index (0.5 read unit each at least, eventually consistent) and the notification rules on position targets; outside it an early return',
      // Each trader: marking their 10 open legs, 5.7 ms on one bench core (npm run bench), scaled to
      // 512 MB; their 3 open trades from the index (~4.5 KB: 0.6 read unit) and their profile's
      // target rules (1 unit, consistent); about 10 alerts a month (a guess), each a put and its
      // by_alert_time index write, spread over the month's 21 × 390 session minutes.
      perTrader: {
        billedMs: onLambda(5.7, DEFAULT_FUNCTION_MEMORY_MB),
        rru: 1.6,
        wru: (10 * 2) / (21 * 390),
      },
      sessionOnly: { idleBilledMs: 2 },
    },
    scoreSignals: {
      billedMs: 3000,
      rru: 60,
      wru: 250,
      basis:
        "each 5 minutes: the session's new alerts and prints since the last run replayed (~2 s of CPU), today's record items (up to ~200 KB each, strongly consistent; averaged over the day's runs, most outside the session) read and rewritten with the new signals and the values due, the day summaries (docs/decisions/signal-scorecards.md); a new stage's 90-day replay (~45 MB of records written once) is not counted",
    },
    sweepDeletedAccounts: {
      billedMs: 60,
      rru: 1,
      wru: 0.1,
      basis:
        'scans the revocations (a day of sign-outs and deletions, a few KB); a deletion a day swept once more',
    },
    requeueUnsentNotifications: {
      billedMs: 30,
      rru: 0.5,
      wru: 0,
      basis:
        'each 10 minutes one Query of the sparse by_unsent index: empty unless an SQS send failed after a record',
    },
    snapshotChains: {
      billedMs: 5,
      rru: 0,
      wru: 0,
      basis: 'with simulated chains it returns at once; with a real provider, chainSnapshot below',
    },
  },
  chainSnapshot: {
    symbols: UNIVERSE.length,
    buildMsPerSymbol: CHAIN_SNAPSHOT_BUILD_MS_PER_SYMBOL,
    jobMemoryMb: 1769,
    idleBilledMs: 60,
    objectKb: 900,
    getsPerRead: 2,
    // The underlyings of a trader's open positions (their 3 open trades: recordPositionTargets').
    heldUnderlyingsPerTrader: 3,
    scanScorecard: {
      // Measured: 100 stored chains of 1,920 contracts decoded and made the scanner's snapshot in
      // 13.7 s, their scan 0.46 s, on the shared 2-core machine under load (2026-11-28).
      decodeMsPerSymbol: onLambda(137 + 4.6, DEFAULT_FUNCTION_MEMORY_MB),
      picksPerSession: SCAN_PICKS_PER_SESSION,
      basis:
        "once a session: latest.json, the pick minute's manifest and every chain of it (decoded one at a time and scanned together by the 512 MB scoreSignals job); at 1 hour and at 1 day: latest.json, the minute's manifest and the picks' chains (at most 10)",
    },
    basis:
      "npm run bench: 13.9 s for the universe at 1,920 contracts a chain (docs/performance.md), the provider's answers overlapped by the job's concurrency; a stored 1,920-contract chain is 896 KB of JSON",
  },
  scannerSnapshotBuildMs: onLambda(226, DEFAULT_FUNCTION_MEMORY_MB),
  burstFactor: 2,
  secretsCacheSeconds: 300,
  ai: {
    questionsPerSession: 4,
    modelRounds: 3,
    toolCallsPerToolRound: 1,
    fixedPromptTokens: 2400,
    questionTokens: 30,
    toolResultTokens: 1200,
    toolCallOutputTokens: 40,
    answerTokens: 350,
    cacheWithinQuestion: true,
  },
  staticWeb: {
    requestsPerTraderMonth: 120,
    mbPerTraderMonth: 2,
    siteBucketGb: 0.2,
    basis:
      'hashed assets are cached a year: about two full downloads a month (new deploys) plus index.html and config.json per session; old builds stay in the bucket',
  },
  storage: {
    mbPerTrader: 5,
    sharedGb: 0.05,
    basis:
      'a year in: ~300 trades with two GSIs (~1 MB), ~960 chat exchanges kept (~4 MB), profile and caches',
  },
  logs: {
    platformKbPerInvocation: 0.35,
    appKbPerRequest: { debug: 2.5, info: 0.5, warn: 0.1, error: 0.1 },
    emfKbPerInvocation: 0.6,
    accessLogKbPerRequest: 0.45,
    archivedRatio: 0.2,
    basis: 'one "request served" JSON line with the Powertools context at info; debug adds a few more',
  },
  cloudFrontLogs: {
    kbPerRequest: 0.45,
    gzipRatio: 0.1,
    filesPerMonth: 20_000,
    basis: 'standard (legacy) access logs, delivered gzipped to the log bucket a few times an hour per edge',
  },
  cognitoRequestsPerSession: {
    count: 5,
    basis:
      "a sign-in or a token refresh (InitiateAuth) and an hourly refresh, and getProfile's two GetUser calls, plus one for MFA or attributes",
  },
  observability: {
    errorCodesPerRoute: 2,
    aiTools: 9,
    apiDetailedMetricsPerRoute: 6,
    otherFunctions: 2,
    deadLetterQueues: 1,
    alarmEmailsPerMonth: 50,
    tracing: true,
    source:
      'metrics: shared/src/observability.ts; alarms and dashboard: infra/constructs/monitoring.ts (both counted in estimate.ts)',
  },
  notifications: {
    emailsPerTraderMonth: 40,
    pushesPerTraderMonth: 60,
    webhooksPerTraderMonth: 20,
    sqsRequestsPerDelivery: 3,
    workerBilledMs: 150,
    wruPerDelivery: 2,
    basis:
      'a guess: two alert, trade or account e-mails a trading day, three pushes, one webhook; bursts go out as digests (docs/features/notifications.md); each delivery one SQS send, receive and delete, and a status write',
  },
};
