/**
 * Notification rules and their delivery log (issue 25): what a user asks to be told about (a
 * feed's items above a threshold, on chosen tickers), on which channels, outside which quiet
 * hours and up to how many a day; and each delivery's status. The routes, the matcher, the
 * delivery worker and the Alerts page all read these.
 */
import * as z from 'zod';
import { isValidTimeZone } from '../format/calendar-day';
import { tickerSchema } from '../market/ticker';
import type { PlanFeature } from '../constants/plans';
import { alertSeverities, trendRiskLevels } from '../feeds/schemas';
import { TARGET_KINDS } from '../trades/position-schemas';

export const notificationChannels = ['in-app', 'email', 'push', 'webhook'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** A webhook's body: plain JSON, or the shape a Slack or Discord incoming webhook takes. */
export const webhookFormats = ['json', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

export const NOTIFICATION_LIMITS = {
  name: 80,
  tickers: 50,
  url: 2000,
  dailyCap: { min: 1, max: 200, default: 20 },
  /** Largest dark pool notional (USD) a rule may ask for. */
  maxNotional: 10_000_000_000,
  /** Rules per user. */
  rules: 25,
  /** Deliveries the log answers. */
  log: 100,
} as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');

/** What a rule matches, per feed. */
export const ruleConditionSchema = z.discriminatedUnion('feed', [
  z.strictObject({ feed: z.literal('alerts'), minSeverity: z.enum(alertSeverities) }),
  z.strictObject({
    feed: z.literal('darkpool'),
    /** Block size × price, USD: "dark pool prints ≥ $5M". */
    minNotional: z.number().positive().max(NOTIFICATION_LIMITS.maxNotional),
  }),
  z.strictObject({ feed: z.literal('chatter'), minRisk: z.enum(trendRiskLevels) }),
  /**
   * "My position targets": a target or rule one of the user's own open positions reached (the
   * positions job, lambdas/positions/target-alerts.ts); `kinds` narrows it to some rules.
   */
  z.strictObject({
    feed: z.literal('targets'),
    kinds: z.array(z.enum(TARGET_KINDS)).min(1).max(TARGET_KINDS.length).optional(),
  }),
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;
export type RuleFeed = RuleCondition['feed'];

/** Every rule feed, in the order the Alerts page offers them. */
export const ruleFeeds = ['alerts', 'darkpool', 'chatter', 'targets'] as const satisfies readonly RuleFeed[];

/** The plan feature a rule on each feed needs (besides Market alerts): position targets are the journal's. */
export const ruleFeedFeature: Record<RuleFeed, PlanFeature> = {
  alerts: 'alerts',
  darkpool: 'darkpool',
  chatter: 'chatter',
  targets: 'journal',
};

/** Hours (in the user's time zone) when nothing is sent; `start` after `end` spans midnight. */
export const quietHoursSchema = z
  .strictObject({
    start: clock,
    end: clock,
    timeZone: z.string().refine(isValidTimeZone, 'Unknown time zone'),
  })
  .refine((quiet) => quiet.start !== quiet.end, { message: 'Start and end must differ', path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const webhookTargetSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(NOTIFICATION_LIMITS.url),
  format: z.enum(webhookFormats).default('json'),
});

const ruleFields = {
  name: z.string().trim().min(1, 'Required').max(NOTIFICATION_LIMITS.name),
  condition: ruleConditionSchema,
  /** The tickers the rule watches (the user's watchlist for it); empty means every ticker. */
  tickers: z.array(tickerSchema).max(NOTIFICATION_LIMITS.tickers).default([]),
  /**
   * Match the tickers on the user's watchlist (as it is when an item arrives) instead of
   * `tickers`: "alerts for my watchlist tickers with severity ≥ high". An empty watchlist matches nothing.
   */
  watchlist: z.boolean().default(false),
  /**
   * Match the tickers the user holds instead of `tickers`: the underlyings of their open journal
   * positions when an item arrives ("chatter risk high on tickers I hold"). No open position
   * matches nothing.
   */
  held: z.boolean().default(false),
  channels: z.array(z.enum(notificationChannels)).min(1, 'Choose at least one channel'),
  webhook: webhookTargetSchema.optional(),
  quietHours: quietHoursSchema.optional(),
  dailyCap: z
    .number()
    .int()
    .min(NOTIFICATION_LIMITS.dailyCap.min)
    .max(NOTIFICATION_LIMITS.dailyCap.max)
    .default(NOTIFICATION_LIMITS.dailyCap.default),
  enabled: z.boolean().default(true),
};

const webhookNamedWithChannel = (rule: { channels?: readonly string[]; webhook?: unknown }) =>
  rule.channels === undefined || rule.channels.includes('webhook') === (rule.webhook !== undefined);

/** A rule's ticker scope, as the fields say it: its own list (empty: every ticker), the watchlist, or the tickers held. */
export type TickerScope = 'listed' | 'watchlist' | 'held';
export const tickerScopeOf = (rule: { watchlist?: boolean | null; held?: boolean | null }): TickerScope =>
  rule.held ? 'held' : rule.watchlist ? 'watchlist' : 'listed';

/**
 * What is wrong with a rule's ticker scope, or null: the watchlist and the tickers held exclude
 * each other, and neither takes tickers of its own. The API checks it on create and on the
 * patched rule, the form before sending.
 */
export function tickerScopeIssue(rule: {
  tickers?: readonly string[] | null;
  watchlist?: boolean | null;
  held?: boolean | null;
}): { message: string; path: string[] } | null {
  if (rule.watchlist === true && rule.held === true)
    return { message: 'Choose your watchlist or the tickers you hold, not both', path: ['held'] };
  if ((rule.watchlist === true || rule.held === true) && (rule.tickers?.length ?? 0) > 0)
    return {
      message:
        rule.held === true
          ? 'A rule on the tickers you hold takes no tickers of its own'
          : 'A rule on your watchlist takes no tickers of its own',
      path: ['tickers'],
    };
  return null;
}

const webhookIssue = {
  message: 'A webhook URL is needed exactly when the webhook channel is chosen',
  path: ['webhook'],
};

/** POST /api/notification-rules. */
export const createRuleInput = z
  .strictObject(ruleFields)
  .refine(webhookNamedWithChannel, webhookIssue)
  .superRefine((rule, ctx) => {
    const issue = tickerScopeIssue(rule);
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  });
export type CreateRuleInput = z.infer<typeof createRuleInput>;

/** PATCH /api/notification-rules/{id}: any field; the result must still name a webhook with its channel. */
export const updateRuleInput = z
  .strictObject({
    name: ruleFields.name.optional(),
    condition: ruleConditionSchema.optional(),
    tickers: z.array(tickerSchema).max(NOTIFICATION_LIMITS.tickers).optional(),
    watchlist: z.boolean().optional(),
    held: z.boolean().optional(),
    channels: ruleFields.channels.optional(),
    webhook: webhookTargetSchema.nullable().optional(),
    quietHours: quietHoursSchema.nullable().optional(),
    dailyCap: ruleFields.dailyCap.removeDefault().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change');
export type UpdateRuleInput = z.infer<typeof updateRuleInput>;

export const ruleIdParams = z.strictObject({ id: z.uuid() });

/** A rule as the API answers it: never its webhook secret (given once, at creation). */
export const notificationRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  condition: ruleConditionSchema,
  tickers: z.array(z.string()),
  /** Rules made before the watchlist have no flag: they match their `tickers`. */
  watchlist: z.boolean().default(false),
  /** Rules made before the tickers held have no flag. */
  held: z.boolean().default(false),
  channels: z.array(z.enum(notificationChannels)),
  webhook: z.object({ url: z.string(), format: z.enum(webhookFormats) }).optional(),
  quietHours: z.object({ start: z.string(), end: z.string(), timeZone: z.string() }).optional(),
  dailyCap: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

/** POST /api/notification-rules answers the rule and, for a webhook, its signing secret (once). */
export const createdRuleSchema = notificationRuleSchema.extend({ secret: z.string().optional() });
export const ruleListSchema = z.object({ rules: z.array(notificationRuleSchema) });

export const deliveryStatuses = ['pending', 'sent', 'failed', 'suppressed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const eventFields = {
  id: z.string(),
  ticker: z.string(),
  summary: z.string(),
  timestamp: z.iso.datetime(),
  /** Where the item came from ('simulated' or its provider). */
  provider: z.string(),
};

/** One matched feed item, in a line. */
export const matchedEventSchema = z.object({
  feed: z.enum([...ruleFeeds, 'test']),
  ...eventFields,
});

/**
 * The event a notification tells of, in a line; a digest (a burst of matches sent as one) adds
 * how many it holds and lists them (the first DIGEST_LISTED).
 */
export const notifiedEventSchema = z.object({
  /**
   * `trade` and `import`: a journal confirmation; `billing`: an account e-mail (a failed payment, a
   * plan change). Neither has a rule (see lambdas/notifications/confirmations.ts).
   */
  feed: z.enum([...ruleFeeds, 'test', 'digest', 'trade', 'import', 'billing']),
  ...eventFields,
  count: z.number().int().positive().optional(),
  items: z.array(matchedEventSchema).optional(),
});
export type NotifiedEvent = z.infer<typeof notifiedEventSchema>;
export type MatchedEvent = z.infer<typeof matchedEventSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  channel: z.enum(notificationChannels),
  status: z.enum(deliveryStatuses),
  /** Why it failed or was held back ("quiet hours", "daily cap", "HTTP 500"): never a response body. */
  detail: z.string().optional(),
  attempts: z.number().int().nonnegative(),
  event: notifiedEventSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationLogSchema = z.object({ notifications: z.array(notificationSchema) });

/** POST /api/notification-rules/{id}/test: what each channel's test did. */
export const ruleTestResultSchema = z.object({ notifications: z.array(notificationSchema) });

/** The stage's VAPID public key (GET /api/push/key): what a browser subscribes with. */
export const pushKeySchema = z.object({ publicKey: z.string() });

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url');

/** POST /api/push/subscriptions: a browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(NOTIFICATION_LIMITS.url),
  /** When the push service drops it (epoch milliseconds), as the browser says; null when it does not. */
  expirationTime: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  keys: z.strictObject({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** A stored browser subscription's id: a hash of its endpoint (one per browser). */
export const pushSubscriptionIdParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/) });
export const pushSubscribedSchema = z.object({ id: z.string() });
