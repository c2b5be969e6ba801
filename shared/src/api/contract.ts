/**
 * The API contract: for every row of the route table (../routes.ts), the schemas of its request
 * (body, query, path parameters) and of its answer, and what the caller's plan must allow. The
 * handlers validate with these very schemas (tests/unit/shared/api-contract.test.ts checks that
 * each handler registered the same objects), the frontend parses answers with them, and
 * docs/api.md is generated from this map (scripts/api-reference.ts).
 *
 * A map keyed by route id rather than fields of the route rows: the route table is in the
 * browser's entry bundle (every API call takes its path from it), and the schemas of all routes
 * are not; each feature imports only its own schemas.
 */
import * as z from 'zod';
import { accountStatsSchema } from '../account/schemas';
import {
  billingStatusSchema,
  billingWebhookBody,
  checkoutInput,
  redirectUrlSchema,
  webhookReceiptSchema,
} from '../billing/schemas';
import { chatHistoryQuery, chatHistorySchema, chatMessageSchema, postChatInput } from '../chat/schemas';
import type { PlanFeature, PlanQuota } from '../constants/plans';
import { contactMessageInput, contactReceiptSchema } from '../contact/schemas';
import {
  feedParamsSchema,
  feedQuerySchemas,
  feedResponseSchemas,
  trendAlertIdParams,
} from '../feeds/schemas';
import { scorecardParams, scorecardQuery, scorecardSchema } from '../scorecards/schemas';
import { marketHistoryQuery, marketHistorySchema } from '../market/history';
import { symbolSearchQuery, symbolSearchResponseSchema } from '../market/symbol-search';
import { marketDataInput, marketDataResponseSchema } from '../market/schemas';
import { dailyMarketSummarySchema } from '../market/summary-schemas';
import {
  createdRuleSchema,
  createRuleInput,
  notificationLogSchema,
  pushKeySchema,
  pushSubscribedSchema,
  pushSubscriptionIdParams,
  pushSubscriptionInput,
  ruleIdParams,
  ruleListSchema,
  ruleTestResultSchema,
  updateRuleInput,
} from '../notifications/schemas';
import { optionChainQuery } from '../options/chain-view';
import { optionChainSchema, scanResponseSchema } from '../options/response-schemas';
import { scanFiltersSchema } from '../options/scan-filters';
import { profileSchema, updateProfileInput } from '../profiles/schemas';
import type { RouteId } from '../routes';
import { positionAlertsResponseSchema, positionsResponseSchema } from '../trades/position-schemas';
import { siteGateStateSchema, unlockSiteGateInput } from '../site-gate/schemas';
import { watchedTickerSchema, watchlistSchema, watchlistTickerParams } from '../watchlist/schemas';
import {
  createTradeInput,
  tradeFiltersQuery,
  tradeIdParams,
  tradeImportCsvBody,
  tradeImportQuery,
  tradeImportResultSchema,
  tradeListQuery,
  tradeListResponseSchema,
  tradeSchema,
  tradeStatsSchema,
  updateTradeInput,
} from '../trades/schemas';

/** Any zod schema, classic or mini (the site gate's are mini: they are in the entry bundle). */
export type AnySchema = z.core.$ZodType;

/** Schemas that depend on a path parameter's value (a feed's filters and items). */
export interface PerParam {
  param: string;
  schemas: Readonly<Record<string, AnySchema>>;
}

export const perParam = (param: string, schemas: Readonly<Record<string, AnySchema>>): PerParam => ({
  param,
  schemas,
});

export interface RouteContract {
  request: { body?: AnySchema; query?: AnySchema | PerParam; params?: AnySchema };
  /** The success status, and its JSON body's schema, or the media type of a text download. */
  response:
    | { status: 200 | 201 | 202; body: AnySchema | PerParam }
    | { status: 200; download: 'text/csv' | 'application/json' }
    | { status: 204 };
  /**
   * The feature the caller's plan must include (403 `plan_limit` otherwise), or one per value of a
   * path parameter, and the quota the request counts against.
   */
  plan?: {
    feature: PlanFeature | { param: string; features: Readonly<Record<string, PlanFeature>> };
    quota?: PlanQuota;
  };
  /** Limits that are not the plan's, in a sentence (rate limits of the public routes). */
  limits?: string;
}

export const healthSchema = z.object({ status: z.literal('ok') });

const ok = (body: AnySchema | PerParam) => ({ status: 200, body }) as const;
const noContent = { status: 204 } as const;

export const apiContract = {
  health: { request: {}, response: ok(healthSchema) },
  getProfile: { request: {}, response: ok(profileSchema) },
  updateProfile: { request: { body: updateProfileInput }, response: ok(profileSchema) },
  getSiteGate: { request: {}, response: ok(siteGateStateSchema) },
  unlockSiteGate: {
    request: { body: unlockSiteGateInput },
    response: ok(siteGateStateSchema),
    limits: 'Password attempts are rate-limited per address (429 `rate_limited`).',
  },
  lockSiteGate: { request: {}, response: noContent },
  getMarketData: {
    request: { body: marketDataInput },
    response: ok(marketDataResponseSchema),
    plan: { feature: 'market' },
  },
  searchSymbols: {
    request: { query: symbolSearchQuery },
    response: ok(symbolSearchResponseSchema),
    plan: { feature: 'market' },
  },
  getOptionsChain: {
    request: { query: optionChainQuery },
    response: ok(optionChainSchema),
    plan: { feature: 'scanner' },
  },
  scanOptions: {
    request: { body: scanFiltersSchema },
    response: ok(scanResponseSchema),
    plan: { feature: 'scanner', quota: 'maxScannerFilters' },
  },
  getMarketSummary: { request: {}, response: ok(dailyMarketSummarySchema), plan: { feature: 'market' } },
  getMarketHistory: {
    request: { query: marketHistoryQuery },
    response: ok(marketHistorySchema),
    plan: { feature: 'market' },
  },
  getChatHistory: { request: { query: chatHistoryQuery }, response: ok(chatHistorySchema) },
  postChatMessage: {
    request: { body: postChatInput },
    response: { status: 201, body: chatMessageSchema },
    plan: { feature: 'research', quota: 'aiQuestionsPerDay' },
  },
  sendContactMessage: {
    request: { body: contactMessageInput },
    response: { status: 202, body: contactReceiptSchema },
    limits: 'Messages are rate-limited per address (429 `rate_limited`).',
  },
  listTrades: { request: { query: tradeListQuery }, response: ok(tradeListResponseSchema) },
  createTrade: { request: { body: createTradeInput }, response: { status: 201, body: tradeSchema } },
  getTradeStats: { request: { query: tradeFiltersQuery }, response: ok(tradeStatsSchema) },
  exportTrades: { request: { query: tradeFiltersQuery }, response: { status: 200, download: 'text/csv' } },
  importTrades: {
    request: { query: tradeImportQuery, body: tradeImportCsvBody },
    response: ok(tradeImportResultSchema),
  },
  updateTrade: { request: { params: tradeIdParams, body: updateTradeInput }, response: ok(tradeSchema) },
  deleteTrade: { request: { params: tradeIdParams }, response: noContent },
  getPositions: { request: {}, response: ok(positionsResponseSchema) },
  listPositionAlerts: { request: {}, response: ok(positionAlertsResponseSchema) },
  getFeed: {
    request: { params: feedParamsSchema, query: perParam('feed', feedQuerySchemas) },
    response: ok(perParam('feed', feedResponseSchemas)),
    plan: {
      feature: {
        param: 'feed',
        features: { alerts: 'alerts', darkpool: 'darkpool', chatter: 'chatter', trends: 'trends' },
      },
    },
  },
  getScorecard: {
    request: { params: scorecardParams, query: scorecardQuery },
    response: ok(scorecardSchema),
    plan: {
      feature: { param: 'kind', features: { alerts: 'alerts', darkpool: 'darkpool', scan: 'scanner' } },
    },
  },
  dismissTrendAlert: {
    request: { params: trendAlertIdParams },
    response: noContent,
    plan: { feature: 'trends' },
  },
  listNotificationRules: { request: {}, response: ok(ruleListSchema) },
  createNotificationRule: {
    request: { body: createRuleInput },
    response: { status: 201, body: createdRuleSchema },
    plan: { feature: 'alerts' },
    limits: 'At most 25 rules per user (409 `conflict`).',
  },
  updateNotificationRule: {
    request: { params: ruleIdParams, body: updateRuleInput },
    // A patch that adds the rule's first webhook answers its new signing secret, once.
    response: ok(createdRuleSchema),
    plan: { feature: 'alerts' },
  },
  deleteNotificationRule: { request: { params: ruleIdParams }, response: noContent },
  testNotificationRule: {
    request: { params: ruleIdParams },
    response: ok(ruleTestResultSchema),
    plan: { feature: 'alerts' },
  },
  listNotifications: { request: {}, response: ok(notificationLogSchema) },
  getWatchlist: { request: {}, response: ok(watchlistSchema) },
  watchTicker: {
    request: { params: watchlistTickerParams },
    response: ok(watchedTickerSchema),
    limits: 'At most 50 tickers (WATCHLIST_LIMIT; 409 `conflict`).',
  },
  unwatchTicker: { request: { params: watchlistTickerParams }, response: noContent },
  getPushKey: {
    request: {},
    response: ok(pushKeySchema),
    limits: '503 `service_unavailable` while the stage has no VAPID keys.',
  },
  subscribePush: {
    request: { body: pushSubscriptionInput },
    response: { status: 201, body: pushSubscribedSchema },
    limits: 'At most 10 browsers per user (409 `conflict`).',
  },
  unsubscribePush: { request: { params: pushSubscriptionIdParams }, response: noContent },
  getAccountStats: { request: {}, response: ok(accountStatsSchema) },
  exportAccount: { request: {}, response: { status: 200, download: 'application/json' } },
  deleteAccount: {
    request: {},
    response: noContent,
    limits:
      'Needs a sign-in within the last 10 minutes (RECENT_SIGN_IN_MINUTES), else `reauthentication_required`.',
  },
  signOutEverywhere: { request: {}, response: noContent },
  disableMfa: {
    request: {},
    response: noContent,
    limits:
      'Needs a sign-in within the last 10 minutes (RECENT_SIGN_IN_MINUTES), else `reauthentication_required`.',
  },
  getBilling: { request: {}, response: ok(billingStatusSchema) },
  createCheckout: { request: { body: checkoutInput }, response: ok(redirectUrlSchema) },
  openBillingPortal: { request: {}, response: ok(redirectUrlSchema) },
  billingWebhook: { request: { body: billingWebhookBody }, response: ok(webhookReceiptSchema) },
} as const satisfies Record<RouteId, RouteContract>;

export type ApiContract = typeof apiContract;
