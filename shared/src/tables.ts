/**
 * The single definition of every DynamoDB table. The CDK data stack and the local runtime's
 * table creation both read this; handlers find a table's name in the environment variable named here.
 */
export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  name: string;
  type: AttributeType;
}

export interface GlobalIndex {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Logical id, used for the CDK construct id and the local table name. */
  id: string;
  /** Environment variable that carries the physical table name to a handler. */
  envVar: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  globalIndexes?: GlobalIndex[];
  /** Attribute holding an epoch-seconds expiry; DynamoDB TTL deletes the item after it. */
  ttlAttribute?: string;
  /**
   * Whether the table holds a user's own data (exported and deleted with the account). Such a
   * table is partitioned by the user's id (the Cognito `sub`), so all of a user's items are one
   * query away.
   */
  userData: boolean;
  /**
   * Attributes the account export leaves out: credentials the app shows once (a webhook's signing
   * secret), which an exported file would otherwise carry wherever it is copied.
   */
  exportOmits?: readonly string[];
}

export const tables = {
  profiles: {
    id: 'profiles',
    envVar: 'TABLE_PROFILES',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [
      /** The profiles of an address: a bounce or complaint from SES names the address alone (issue 25). */
      { name: 'by_email', partitionKey: { name: 'email', type: 'S' } },
    ],
    userData: true,
  },
  trades: {
    id: 'trades',
    envVar: 'TABLE_TRADES',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'trade_id', type: 'S' },
    globalIndexes: [
      {
        name: 'by_updated_at',
        partitionKey: { name: 'user_id', type: 'S' },
        sortKey: { name: 'updated_at', type: 'S' },
      },
      {
        /** The journal's order: trade date, newest first (`opened_sk` = `<opened_at>#<trade_id>`). */
        name: 'by_opened_at',
        partitionKey: { name: 'user_id', type: 'S' },
        sortKey: { name: 'opened_sk', type: 'S' },
      },
      {
        /**
         * Sparse: only open trades with legs carry `open_shard` (`open#<n>`, n from the user's id,
         * shared/src/trades/open-index.ts), so the positions job finds every open position in
         * OPEN_TRADE_SHARDS queries without reading a closed trade (docs/decisions/position-target-alerts.md).
         */
        name: 'by_open',
        partitionKey: { name: 'open_shard', type: 'S' },
        sortKey: { name: 'user_id', type: 'S' },
      },
    ],
    userData: true,
  },
  /**
   * Per user: the journal's version (bumped by every trade write) and statistics computed at a
   * version, so repeated reads (the dashboard's refresh) do not read every trade again.
   */
  journalCache: {
    id: 'journal_cache',
    envVar: 'TABLE_JOURNAL_CACHE',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: true,
  },
  /**
   * Per user: what makes a repeated journal write change nothing. `key#<Idempotency-Key>`: the
   * request a `POST /api/trades` key was first used with (a hash of its body), the trade id and
   * the clock it was given; `import#<file hash>`: a CSV import's progress (running, partial,
   * complete) and the clock its rows were given. Each is honoured until `expires_at` (checked by
   * the handler; TTL only tidies up).
   */
  idempotency: {
    id: 'idempotency',
    envVar: 'TABLE_IDEMPOTENCY',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: true,
  },
  chatMessages: {
    id: 'chat_messages',
    envVar: 'TABLE_CHAT_MESSAGES',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    userData: true,
  },
  feeds: {
    id: 'feeds',
    envVar: 'TABLE_FEEDS',
    partitionKey: { name: 'feed', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: false,
  },
  /** Per user: the feed items they dismissed (`sk` = `<feed>#<item id>`), kept a while after the item expires. */
  feedDismissals: {
    id: 'feed_dismissals',
    envVar: 'TABLE_FEED_DISMISSALS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: true,
  },
  /**
   * Per user: notification rules (`sk` = `rule#<id>`; `rule_feed` set on them alone, so the
   * sparse index `by_feed` lists every enabled rule of a feed for the delivery job), their
   * deliveries (`sk` = `delivery#<id>`, the id a hash of rule, event and channel: a conditional
   * put makes each one once; `created_sk` orders the log) and each rule's daily count
   * (`cap#<rule id>#<day>`), and the user's browsers subscribed to push (`push#<hash of the
   * endpoint>`: the endpoint and its encryption `keys`, left out of the export), and the targets
   * their open positions reached (`target#<trade id>:<kind>`, written once by the positions job).
   */
  notifications: {
    id: 'notifications',
    envVar: 'TABLE_NOTIFICATIONS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      { name: 'by_feed', partitionKey: { name: 'rule_feed', type: 'S' } },
      {
        name: 'by_created_at',
        partitionKey: { name: 'user_id', type: 'S' },
        sortKey: { name: 'created_sk', type: 'S' },
      },
      {
        /**
         * Sparse: a delivery carries `unsent` ('unsent') from its record until the worker's first
         * attempt, so the sweep finds one whose queue message was never sent, oldest `updatedAt` first.
         */
        name: 'by_unsent',
        partitionKey: { name: 'unsent', type: 'S' },
        sortKey: { name: 'updatedAt', type: 'S' },
      },
      {
        /** Sparse: the position alerts alone (`alert_sk` = `<triggered_at>#<id>`), newest first for the Alerts page. */
        name: 'by_alert_time',
        partitionKey: { name: 'user_id', type: 'S' },
        sortKey: { name: 'alert_sk', type: 'S' },
      },
    ],
    ttlAttribute: 'expires_at',
    userData: true,
    exportOmits: ['secret', 'keys'],
  },
  /**
   * Per user: the tickers they watch (`ticker`, with `added_at`). The dashboard lists them, and the
   * feeds job reads a user's list for their "my watchlist" notification rules.
   */
  watchlists: {
    id: 'watchlists',
    envVar: 'TABLE_WATCHLISTS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'ticker', type: 'S' },
    userData: true,
  },
  usage: {
    id: 'usage',
    envVar: 'TABLE_USAGE',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: true,
  },
  /**
   * Messages sent through the contact form. They are not partitioned by user (anyone may write),
   * so a user's are found by `sender` (the e-mail address, trimmed and lower-cased): exported
   * with the account, and deleted with it.
   */
  contactMessages: {
    id: 'contact_messages',
    envVar: 'TABLE_CONTACT_MESSAGES',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [{ name: 'by_sender', partitionKey: { name: 'sender', type: 'S' } }],
    userData: false,
  },
  /**
   * Per user: when their sessions were ended (sign-out everywhere, an operator's disable, the
   * account's deletion); every user request checks it (shared/src/auth/sessions.ts). Not user
   * data: the id, why and when, and it must outlive the account it refuses.
   */
  revocations: {
    id: 'revocations',
    envVar: 'TABLE_REVOCATIONS',
    partitionKey: { name: 'user_id', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: false,
  },
  /** Passed site gates: the gate cookie names one, sign-out deletes it, TTL ends it. */
  siteGateSessions: {
    id: 'site_gate_sessions',
    envVar: 'TABLE_SITE_GATE_SESSIONS',
    partitionKey: { name: 'id', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: false,
  },
  rateLimits: {
    id: 'rate_limits',
    envVar: 'TABLE_RATE_LIMITS',
    partitionKey: { name: 'key', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: false,
  },
  /**
   * Payment-provider webhook events already applied (`event_id`), so a replayed delivery changes
   * nothing; only the id, type and time are kept (no user data), until the TTL removes them.
   */
  billingEvents: {
    id: 'billing_events',
    envVar: 'TABLE_BILLING_EVENTS',
    partitionKey: { name: 'event_id', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: false,
  },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof tables;
export const tableKeys = Object.keys(tables) as TableKey[];
