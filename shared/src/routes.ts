// size: the route table is one table, a row per route (about 300 of the lines); adding a route is adding a row here.
/**
 * The route table: the one place an API route is written. The CDK API stack and the local API
 * server are both generated from it. Each route is served by the export `id` of
 * `lambdas/<area>/handler.ts`, and is granted exactly the tables listed in `tables`.
 */
import type { SecretKey } from './secrets';
import { notificationRoutes } from './notifications/routes';
import { PLAN_LOOKUP } from './route-grants';
import { tables, type TableKey } from './tables';

export type { SecretKey };

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type RouteAuth = 'user' | 'public';
export type TableAccess = 'read' | 'write' | 'readWrite';

export interface RouteDefinition {
  /** Name of the handler export in lambdas/<area>/handler.ts; unique across the table. */
  id: string;
  method: HttpMethod;
  /** Path as API Gateway writes it, with `{param}` placeholders. */
  path: string;
  auth: RouteAuth;
  area: string;
  tables: Partial<Record<TableKey, TableAccess>>;
  /** Secrets the handler reads at run time (by name, from Secrets Manager / local env). */
  secrets?: readonly SecretKey[];
  /** Cognito admin calls the handler makes (e.g. deleting the user). */
  cognitoActions?: readonly string[];
  /**
   * A body that is not JSON, and its own size limit: `csv` (an upload sent as text/csv), or `raw`
   * (handed over exactly as sent, whatever its type: a signed webhook payload).
   */
  body?: { format: 'csv' | 'raw'; maxBytes: number };
  /** Lambda memory (and so CPU) when the default is not enough. */
  memoryMb?: number;
  /**
   * Notifications the handler hands on itself (issue 25), and so what the CDK grants it: `queue`
   * records deliveries and sends them to the delivery queue (trade confirmations, account
   * e-mails: the queue's URL, sqs:SendMessage on it, and the stage's SITE_URL for their links);
   * `mail` sends at once from the stage's SES identity (a rule's test: the From address and
   * ses:SendEmail on the identity). A `queue` route also lists `notifications: 'write'` and
   * `profiles` (the address and preferences) in `tables`.
   */
  delivers?: 'queue' | 'mail';
}

/**
 * Every table holding users' own data, all with one access: the account export and deletion
 * cover each of them, including tables added after them.
 */
export function userDataTables(access: TableAccess): Partial<Record<TableKey, TableAccess>> {
  return Object.fromEntries(
    (Object.keys(tables) as TableKey[]).filter((key) => tables[key].userData).map((key) => [key, access]),
  );
}

export const routes = [
  { id: 'health', method: 'GET', path: '/api/health', auth: 'public', area: 'health', tables: {} },
  {
    id: 'getProfile',
    method: 'GET',
    path: '/api/profile',
    auth: 'user',
    area: 'profile',
    tables: { profiles: 'readWrite' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    id: 'updateProfile',
    method: 'PATCH',
    path: '/api/profile',
    auth: 'user',
    area: 'profile',
    tables: { profiles: 'readWrite' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    id: 'getSiteGate',
    method: 'GET',
    path: '/api/site-gate',
    auth: 'public',
    area: 'site-gate',
    tables: { siteGateSessions: 'read' },
    secrets: ['siteGate'],
  },
  {
    id: 'unlockSiteGate',
    method: 'POST',
    path: '/api/site-gate',
    auth: 'public',
    area: 'site-gate',
    tables: { rateLimits: 'readWrite', siteGateSessions: 'write' },
    secrets: ['siteGate', 'hashingKey'],
  },
  {
    id: 'lockSiteGate',
    method: 'DELETE',
    path: '/api/site-gate',
    auth: 'public',
    area: 'site-gate',
    tables: { siteGateSessions: 'write' },
    secrets: ['siteGate'],
  },
  {
    id: 'getMarketData',
    method: 'POST',
    path: '/api/market-data',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'searchSymbols',
    method: 'GET',
    path: '/api/symbols',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'getOptionsChain',
    method: 'GET',
    path: '/api/options-chain',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'scanOptions',
    method: 'POST',
    path: '/api/options-scanner',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'getMarketSummary',
    method: 'GET',
    path: '/api/market-summary',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
    // The Polygon key, for a stage whose news provider is Polygon (marketData.news).
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'getMarketHistory',
    method: 'GET',
    path: '/api/market-history',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    id: 'getChatHistory',
    method: 'GET',
    path: '/api/chat',
    auth: 'user',
    area: 'chat',
    tables: { chatMessages: 'read' },
  },
  {
    id: 'postChatMessage',
    method: 'POST',
    path: '/api/chat',
    auth: 'user',
    area: 'chat',
    // The assistant's tools read the caller's journal (and cache its statistics), quotes and the live feeds.
    tables: {
      chatMessages: 'readWrite',
      usage: 'readWrite',
      profiles: 'read',
      trades: 'read',
      journalCache: 'readWrite',
      feeds: 'read',
      feedDismissals: 'read',
    },
    cognitoActions: PLAN_LOOKUP,
    secrets: ['openaiApiKey', 'marketDataApiKey'],
    memoryMb: 1024,
  },
  {
    id: 'sendContactMessage',
    method: 'POST',
    path: '/api/contact',
    auth: 'public',
    area: 'contact',
    tables: { contactMessages: 'write', rateLimits: 'readWrite' },
    secrets: ['hashingKey'],
  },
  {
    id: 'listTrades',
    method: 'GET',
    path: '/api/trades',
    auth: 'user',
    area: 'trades',
    tables: { trades: 'read' },
  },
  {
    id: 'createTrade',
    method: 'POST',
    path: '/api/trades',
    auth: 'user',
    area: 'trades',
    // The confirmation e-mail: the profile's address and preference, its delivery record.
    tables: {
      trades: 'readWrite',
      journalCache: 'readWrite',
      idempotency: 'readWrite',
      profiles: 'read',
      notifications: 'write',
    },
    delivers: 'queue',
  },
  {
    id: 'getTradeStats',
    method: 'GET',
    path: '/api/trades/stats',
    auth: 'user',
    area: 'trades',
    tables: { trades: 'read', journalCache: 'readWrite' },
    memoryMb: 1024,
  },
  {
    id: 'exportTrades',
    method: 'GET',
    path: '/api/trades/export.csv',
    auth: 'user',
    area: 'trades',
    tables: { trades: 'read' },
    memoryMb: 1024,
  },
  {
    id: 'importTrades',
    method: 'POST',
    path: '/api/trades/import',
    auth: 'user',
    area: 'trades',
    tables: {
      trades: 'readWrite',
      journalCache: 'readWrite',
      idempotency: 'readWrite',
      profiles: 'read',
      notifications: 'write',
    },
    delivers: 'queue',
    body: { format: 'csv', maxBytes: 5 * 1024 * 1024 },
    memoryMb: 1024,
  },
  {
    id: 'updateTrade',
    method: 'PATCH',
    path: '/api/trades/{id}',
    auth: 'user',
    area: 'trades',
    // Closing a trade sends its confirmation.
    tables: { trades: 'readWrite', journalCache: 'readWrite', profiles: 'read', notifications: 'write' },
    delivers: 'queue',
  },
  {
    id: 'deleteTrade',
    method: 'DELETE',
    path: '/api/trades/{id}',
    auth: 'user',
    area: 'trades',
    tables: { trades: 'readWrite', journalCache: 'readWrite' },
  },
  {
    // Marked against the caller's own target figures (their profile's `target_rules`).
    id: 'getPositions',
    method: 'GET',
    path: '/api/positions',
    auth: 'user',
    area: 'positions',
    tables: { trades: 'readWrite', journalCache: 'readWrite', profiles: 'read' },
    secrets: ['marketDataApiKey'],
  },
  {
    // The targets the caller's positions reached, as the positions job recorded them (newest first).
    id: 'listPositionAlerts',
    method: 'GET',
    path: '/api/position-alerts',
    auth: 'user',
    area: 'positions',
    tables: { notifications: 'read' },
  },
  {
    id: 'getFeed',
    method: 'GET',
    path: '/api/feeds/{feed}',
    auth: 'user',
    area: 'feeds',
    tables: { feeds: 'read', feedDismissals: 'read', profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    id: 'dismissTrendAlert',
    method: 'POST',
    path: '/api/feeds/trends/{id}/dismiss',
    auth: 'user',
    area: 'feeds',
    tables: { feeds: 'read', feedDismissals: 'readWrite', profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
  },
  {
    // One kind's scorecard (alerts, darkpool, scan): it needs the plan feature of the screen it scores.
    id: 'getScorecard',
    method: 'GET',
    path: '/api/scorecards/{kind}',
    auth: 'user',
    area: 'feeds',
    tables: { feeds: 'read', profiles: 'read' },
    cognitoActions: PLAN_LOOKUP,
  },
  ...notificationRoutes,
  {
    id: 'getAccountStats',
    method: 'GET',
    path: '/api/account/stats',
    auth: 'user',
    area: 'account',
    tables: { profiles: 'read', trades: 'read', journalCache: 'readWrite', chatMessages: 'read' },
    cognitoActions: PLAN_LOOKUP,
    memoryMb: 1024,
  },
  {
    id: 'exportAccount',
    method: 'GET',
    path: '/api/account/export',
    auth: 'user',
    area: 'account',
    // The contact messages sent from the account's e-mail address are exported with it.
    tables: { ...userDataTables('read'), contactMessages: 'read' },
    cognitoActions: ['cognito-idp:AdminGetUser'],
    memoryMb: 1024,
  },
  {
    id: 'deleteAccount',
    method: 'DELETE',
    path: '/api/account',
    auth: 'user',
    area: 'account',
    // The revocation first (it refuses the account's tokens), then every item, the contact
    // messages from its address, the sign-in.
    tables: { ...userDataTables('readWrite'), contactMessages: 'readWrite', revocations: 'readWrite' },
    cognitoActions: ['cognito-idp:AdminDeleteUser'],
    secrets: ['stripeSecretKey'],
  },
  {
    // Sign-out everywhere: the revocation (so the API refuses every token issued until now) and
    // Cognito's global sign-out (so no refresh token makes new ones).
    id: 'signOutEverywhere',
    method: 'POST',
    path: '/api/account/sign-out',
    auth: 'user',
    area: 'account',
    tables: { revocations: 'readWrite' },
    cognitoActions: ['cognito-idp:AdminUserGlobalSignOut'],
  },
  {
    // Turning two-factor authentication off needs a recent sign-in (RECENT_SIGN_IN_MINUTES).
    id: 'disableMfa',
    method: 'DELETE',
    path: '/api/account/mfa',
    auth: 'user',
    area: 'account',
    tables: {},
    cognitoActions: ['cognito-idp:AdminSetUserMFAPreference'],
  },
  {
    id: 'getBilling',
    method: 'GET',
    path: '/api/billing',
    auth: 'user',
    area: 'billing',
    tables: {},
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  {
    id: 'createCheckout',
    method: 'POST',
    path: '/api/billing/checkout',
    auth: 'user',
    area: 'billing',
    tables: { profiles: 'readWrite' },
    cognitoActions: PLAN_LOOKUP,
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  {
    id: 'openBillingPortal',
    method: 'POST',
    path: '/api/billing/portal',
    auth: 'user',
    area: 'billing',
    tables: { profiles: 'read' },
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
  {
    id: 'billingWebhook',
    method: 'POST',
    path: '/api/billing/webhook',
    auth: 'public',
    area: 'billing',
    // A failed payment or a plan change is e-mailed to the account (once per event).
    tables: { profiles: 'readWrite', billingEvents: 'readWrite', notifications: 'write' },
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
    delivers: 'queue',
    body: { format: 'raw', maxBytes: 256 * 1024 },
  },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof routes)[number];
export type RouteId = Route['id'];

/**
 * The scope every `user` route requires. Cognito puts it in access tokens only (an ID token has
 * no `scope`), so API Gateway's JWT authorizer refuses ID tokens, which it would otherwise take
 * (their `aud` is the client id); the handler also checks `token_use`.
 */
export const USER_ROUTE_SCOPE = 'aws.cognito.signin.user.admin';

/** API Gateway gives up on an integration after 30 s; each route's function stops just before. */
export const API_TIMEOUT_SECONDS = 29;

/** Largest request body any route accepts (bytes); larger bodies get 413 `payload_too_large`. */
export const MAX_BODY_BYTES = 64 * 1024;

/** `GET /api/trades/{id}` → the API Gateway v2 route key `GET /api/trades/{id}`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * The URL of a route, from the route table: `apiPath('updateTrade', { id })` →
 * `/api/trades/<id>`, with path parameters encoded and an optional query (undefined values left out).
 */
export function apiPath(
  id: RouteId,
  params: Record<string, string> = {},
  query: Record<string, string | number | boolean | undefined | null> = {},
): string {
  const definition = routes.find((r) => r.id === id);
  if (!definition) throw new Error(`Route ${id} is not in the route table`);
  const path = definition.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Route ${id} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Each pattern's expression and parameter names, compiled on first use (every request tries them). */
const compiledPatterns = new Map<string, { expression: RegExp; names: string[] }>();

function compilePattern(pattern: string): { expression: RegExp; names: string[] } {
  let compiled = compiledPatterns.get(pattern);
  if (!compiled) {
    const names: string[] = [];
    const source = pattern
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    compiled = { expression: new RegExp(`^${source}$`), names };
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}

/**
 * Matches a path against a route's pattern: its path parameters (percent-decoded), or null.
 * Throws URIError when a parameter's percent-encoding is not UTF-8 (`%E0%A4%A`).
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const { expression, names } = compilePattern(pattern);
  const match = expression.exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    params[name] = decodeURIComponent(match[i + 1] ?? '');
  });
  return params;
}
