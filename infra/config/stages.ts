/**
 * Per-stage settings: the only place a stage differs from another. `infra/bin/app.ts` picks one
 * by the `-c stage=NAME` context value; stacks receive it as a typed property and never read
 * context or the environment themselves.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  type DarkPoolProviderName,
  type EarningsProviderName,
  type FlowProviderName,
  type NewsProviderName,
  type SocialProviderName,
} from '@shared/providers/feeds/feed-providers';
import { type RouteId } from '@shared/routes';
import { type ChainProviderName } from '@shared/providers/chains/chain';

export interface FederatedIdentityProviderConfig {
  type: 'google';
  /** OAuth client id issued by the provider (not a secret). */
  clientId: string;
  /** NAME of a Secrets Manager secret holding the provider's client secret (created by an operator). */
  clientSecretName: string;
}

export interface HostedUiConfig {
  /** Prefix of the Cognito hosted-UI domain: `<prefix>.auth.<region>.amazoncognito.com`. */
  domainPrefix: string;
  /**
   * Where the hosted UI may redirect after sign-in / sign-out. Written here rather than derived
   * from the distribution, because the auth stack (stateful) must not depend on the web stack.
   */
  callbackUrls: string[];
  logoutUrls: string[];
  identityProvider: FederatedIdentityProviderConfig;
}

export interface CustomDomainConfig {
  /** Host names the distribution answers, e.g. `app.example.com`. */
  domainNames: string[];
  /** ACM certificate in us-east-1 covering every name (imported by ARN; no lookups). */
  certificateArn: string;
}

/**
 * The Research Assistant's model, set on the functions that read the AI key (unset: the code's
 * default model at OpenAI). Changing it is a `cdk deploy`, no code change.
 */
export interface AiConfig {
  /** e.g. `gpt-4o-mini`; it must take tools, `max_tokens` and `temperature`. */
  model?: string;
  /** An OpenAI-compatible server's base URL (e.g. `https://models.example.com/v1`). */
  baseUrl?: string;
}

export interface ApiDomainConfig {
  /** e.g. `api.app.example.com`. */
  domainName: string;
  /** ACM certificate in the stage's own region (API Gateway's regional endpoint) covering it. */
  certificateArn: string;
}

/**
 * When each alarm of the stage fires (infra/constructs/monitoring.ts; what each means and what to
 * do: docs/operations.md "Monitoring and alarms"). An alarm fires when its metric breaches the threshold in
 * `periods` consecutive periods of `periodMinutes` each, and notifies again when it recovers.
 */
export interface AlarmThresholds {
  /** Length of one evaluation period, in minutes (CloudWatch: 1, 5, 10, 15, 30 or a multiple of 60). */
  periodMinutes: 1 | 5 | 10 | 15 | 30 | 60;
  /**
   * Share of API requests answered with a 5xx, in percent; not judged in a period with fewer than
   * `minRequests` requests (one failure out of three is not an outage).
   */
  api5xxRate: { percent: number; minRequests: number; periods: number };
  /** p99 of API Gateway's latency, per route, in ms: `defaultMs` unless `byRoute` says otherwise. */
  routeLatencyP99: { defaultMs: number; byRoute: Partial<Record<RouteId, number>>; periods: number };
  /** Invocations of one function that failed (uncaught error, timeout, out of memory). */
  functionErrors: { count: number; periods: number };
  /** Invocations of one function Lambda refused for want of concurrency. */
  functionThrottles: { count: number; periods: number };
  /** Read plus write throttle events of one table (its indexes included). */
  tableThrottles: { events: number; periods: number };
  /** Consecutive periods in which a scheduled job was not invoked at all. */
  jobMissed: { periods: number };
  /** Questions the AI provider failed to answer (the `AiProviderErrors` metric of shared/src/observability.ts). */
  aiProviderErrors: { count: number; periods: number };
}

/**
 * Requests one client IP may make in WAF's 5-minute window before WAF answers the rest itself
 * (docs/decisions/edge-waf.md). WAF accepts 10 to 2,000,000,000; it counts near the limit, not
 * to the request.
 */
export interface WafRateLimits {
  /** Cognito's SignUp, ConfirmSignUp and ResendConfirmationCode (the user pool's web ACL). */
  signUp: number;
  /** Cognito's InitiateAuth (password and refresh), RespondToAuthChallenge (MFA) and password reset. */
  signIn: number;
  /** `POST /api/site-gate`, the gate's password (CloudFront's web ACL). */
  siteGate: number;
  /** `POST /api/contact` (CloudFront's web ACL). */
  contact: number;
}

/**
 * AWS WAF: a web ACL on CloudFront (created in us-east-1, as CloudFront requires) and one on the
 * user pool, with the rate limits below and AWS managed rule groups (infra/constructs/waf-rules.ts).
 * Off → neither exists, and nothing limits sign-up at the edge (the local runtime has no WAF either).
 */
export interface WafConfig {
  enabled: boolean;
  rateLimits: WafRateLimits;
}

/**
 * The provider of each kind of market data, chosen per stage: the simulated market, CBOE's free
 * delayed quotes (no key; 15 minutes delayed) or Polygon (its key in the marketDataApiKey secret);
 * chains also from Tradier (its token in the tradierApiKey secret).
 * CBOE's chain carries the underlying's quote, so it serves quotes too. The live feeds' providers
 * (docs/providers.md): the Daily Market Summary's news from Polygon's news (the same key), Risky
 * Chatter from StockTwits' public streams (no key). A feed on a real provider never shows a
 * simulated item; when the provider fails, its last items are served marked stale.
 */
export interface MarketDataConfig {
  quotes: 'simulated' | 'polygon' | 'cboe';
  chains: 'simulated' | ChainProviderName;
  news: NewsProviderName;
  social: SocialProviderName;
  /** Dark Pool Flow: Polygon's trades (FINRA TRF blocks; the same key, granted to the feeds job). */
  darkPool: DarkPoolProviderName;
  /** Market Alerts' options flow: Unusual Whales' flow alerts (its token in unusualWhalesApiKey). */
  flow: FlowProviderName;
  /**
   * The earnings calendar over the simulated one: Financial Modeling Prep's documented calendar
   * (its key in the fmpApiKey secret, granted to the market, chat and positions functions) or
   * Nasdaq's undocumented public one (no key).
   */
  earnings: EarningsProviderName;
}

export interface StageConfig {
  name: string;
  /** Target account/region; omitted → environment-agnostic stacks (synth needs no credentials). */
  env?: { account: string; region: string };
  /** What happens to stateful resources (tables, user pool, secrets, buckets, logs) on delete. */
  removalPolicy: RemovalPolicy;
  pointInTimeRecovery: boolean;
  apiThrottle: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The site password gate (spec) is on. */
  siteGate: boolean;
  /** Where each kind of market data comes from (docs/providers.md). */
  marketData: MarketDataConfig;
  /** Hosted UI with a third-party identity provider; absent → email/password sign-in only. */
  hostedUi?: HostedUiConfig;
  customDomain?: CustomDomainConfig;
  /**
   * The API's own regional custom domain. When set, the HTTP API's default `execute-api` endpoint
   * is turned off (`disableExecuteApiEndpoint`) and CloudFront reaches the API by this name only;
   * the operator points the name at the `ApiDomainTarget` output (DNS). Unset → the default
   * endpoint stays on, and the origin-verify header is what keeps direct callers out.
   */
  apiDomain?: ApiDomainConfig;
  /**
   * Where the stage's alarms are sent: subscribed by email to the stage's alarm topic (the address
   * must confirm AWS's message once). Unset → the alarms show on the dashboard and notify no one.
   */
  alarmEmail?: string;
  ai?: AiConfig;
  /**
   * The app's address (`https://…`), where checkout and the billing portal return the browser.
   * Unset → `https://` + the custom domain's first name; with neither (the CloudFront name is
   * only known after the first deploy: the web stack's output), online payments stay off.
   */
  siteUrl?: string;
  alarms: AlarmThresholds;
  waf: WafConfig;
  /**
   * Where notification e-mail is sent from: a domain verified in SES (the data stack declares it;
   * add its DKIM records to the zone) and the From address on it (`Name <local@domain>`). The
   * user pool sends its codes from the same address. Unset: e-mail deliveries fail with "e-mail
   * is not set up for this stage" (docs/features/notifications.md) and the pool uses Cognito's
   * own sender and its daily quota (docs/deployment.md).
   */
  notifications?: { domain: string; from: string };
}

/**
 * The display name and address of a From line (`Edge Options <alerts@mail.example.com>`, or a
 * bare address); throws for an address that is not on `domain`, which SES would refuse.
 */
export function mailSender(from: string, domain: string): { name?: string; address: string } {
  const match = /^\s*(?:(.*?)\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))\s*$/.exec(from);
  const address = match?.[2] ?? match?.[3];
  if (!address) throw new Error(`notifications.from is not an e-mail address: ${from}`);
  if (address.split('@')[1]!.toLowerCase() !== domain.toLowerCase())
    throw new Error(`notifications.from (${address}) is not on the SES domain ${domain}`);
  const name = match?.[1]?.replace(/^"|"$/g, '');
  return name ? { name, address } : { address };
}

/**
 * The SES configuration set every e-mail of the stage is sent with (the identity's default, and
 * the user pool's): its event destination reports bounces and complaints (issue 25).
 */
export const mailConfigurationSetName = (stage: Pick<StageConfig, 'name'>) =>
  `edge-options-${stage.name}-mail`;

/** The stage's site address, if it has one (see StageConfig.siteUrl). */
export function stageSiteUrl(stage: Pick<StageConfig, 'siteUrl' | 'customDomain'>): string | undefined {
  const domain = stage.customDomain?.domainNames[0];
  return stage.siteUrl ?? (domain ? `https://${domain}` : undefined);
}

/**
 * Routes slower than the rest by nature: the assistant waits for the AI provider (a 20 s budget,
 * lambdas/chat/config.ts), account export and deletion walk every user-data table, and a CSV
 * import writes up to its row limit.
 */
const slowRoutesP99Ms = {
  postChatMessage: 25_000,
  exportAccount: 10_000,
  deleteAccount: 10_000,
  importTrades: 10_000,
} as const satisfies Partial<Record<RouteId, number>>;

/**
 * Limits a person never meets: signing up takes three Cognito calls, signing in two or three (a
 * refresh each hour per tab), the gate one attempt per typo, contact one message. They stop
 * scripted floods before Lambda, DynamoDB or Cognito's e-mail quota pay for them; the app's own
 * limits (gate 10 per 15 minutes, contact 5 an hour, per IP) stay the finer ones.
 */
const wafRateLimits: WafRateLimits = { signUp: 10, signIn: 100, siteGate: 20, contact: 10 };

/**
 * Every kind of market data from the simulated market: what both stages ship with until the
 * operator names a provider per kind (docs/providers.md), e.g. `{ ...SIMULATED_MARKET_DATA,
 * chains: 'cboe', quotes: 'cboe' }`.
 */
export const SIMULATED_MARKET_DATA: MarketDataConfig = {
  quotes: 'simulated',
  chains: 'simulated',
  news: 'simulated',
  social: 'simulated',
  darkPool: 'simulated',
  flow: 'simulated',
  earnings: 'simulated',
};

export type StageName = 'dev' | 'prod';

export const stages: Record<StageName, StageConfig> = {
  dev: {
    name: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    pointInTimeRecovery: true,
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    logRetention: RetentionDays.TWO_WEEKS,
    logLevel: 'debug',
    siteGate: true,
    marketData: SIMULATED_MARKET_DATA,
    // Off for cost: two web ACLs and their rules are ~$18 a month, about half of dev's bill; dev's
    // sign-up is then limited by nothing but Cognito's own quotas (docs/decisions/edge-waf.md).
    waf: { enabled: false, rateLimits: wafRateLimits },
    // Few users and frequent deploys: alarm on breakage, not on noise.
    alarms: {
      periodMinutes: 5,
      api5xxRate: { percent: 10, minRequests: 10, periods: 2 },
      routeLatencyP99: { defaultMs: 5_000, byRoute: slowRoutesP99Ms, periods: 3 },
      functionErrors: { count: 5, periods: 1 },
      functionThrottles: { count: 5, periods: 1 },
      tableThrottles: { events: 20, periods: 1 },
      jobMissed: { periods: 3 },
      aiProviderErrors: { count: 5, periods: 1 },
    },
  },
  prod: {
    name: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    pointInTimeRecovery: true,
    apiThrottle: { rateLimit: 100, burstLimit: 200 },
    logRetention: RetentionDays.THREE_MONTHS,
    logLevel: 'info',
    siteGate: true,
    marketData: SIMULATED_MARKET_DATA,
    waf: { enabled: true, rateLimits: wafRateLimits },
    alarms: {
      periodMinutes: 5,
      api5xxRate: { percent: 2, minRequests: 20, periods: 2 },
      routeLatencyP99: { defaultMs: 3_000, byRoute: slowRoutesP99Ms, periods: 3 },
      functionErrors: { count: 3, periods: 1 },
      functionThrottles: { count: 1, periods: 1 },
      tableThrottles: { events: 1, periods: 1 },
      jobMissed: { periods: 3 },
      aiProviderErrors: { count: 3, periods: 1 },
    },
  },
};

export function isStageName(name: string): name is StageName {
  return Object.hasOwn(stages, name);
}
