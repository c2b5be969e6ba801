/**
 * Which provider each live feed may come from (issue 23), chosen per stage like quotes and chains:
 * `marketData.news`, `.social`, `.darkPool` and `.flow` in infra/config/stages.ts, NEWS_PROVIDER,
 * SOCIAL_PROVIDER, DARKPOOL_PROVIDER and FLOW_PROVIDER for `npm start`. 'simulated' is the default everywhere. Pure names, schemas and
 * the provider error; the adapters are beside this file, the sources in lambdas/feeds/*-source.ts.
 */
import * as z from 'zod';
import type { SecretKey } from '../../secrets';

export const NEWS_PROVIDERS = ['simulated', 'polygon'] as const;
export type NewsProviderName = (typeof NEWS_PROVIDERS)[number];

export const SOCIAL_PROVIDERS = ['simulated', 'stocktwits'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

export const DARKPOOL_PROVIDERS = ['simulated', 'polygon'] as const;
export type DarkPoolProviderName = (typeof DARKPOOL_PROVIDERS)[number];

export const FLOW_PROVIDERS = ['simulated', 'unusualwhales'] as const;
export type FlowProviderName = (typeof FLOW_PROVIDERS)[number];

/** 'fmp' (Financial Modeling Prep's documented calendar, a key) is the one to use; 'nasdaq' (no key) is undocumented. */
export const EARNINGS_PROVIDERS = ['simulated', 'fmp', 'nasdaq'] as const;
export type EarningsProviderName = (typeof EARNINGS_PROVIDERS)[number];

/** Every name an item's or a response's `provider` may carry. */
export const FEED_PROVIDERS = ['simulated', 'polygon', 'stocktwits', 'unusualwhales'] as const;
export type FeedProviderName = (typeof FEED_PROVIDERS)[number];
export const feedProviderSchema = z.enum(FEED_PROVIDERS);

export const feedProviderLabels: Record<FeedProviderName, string> = {
  simulated: 'Simulated',
  polygon: 'Polygon',
  stocktwits: 'StockTwits',
  unusualwhales: 'Unusual Whales',
};

/**
 * The secrets the scheduled feeds job reads on a stage: the Polygon key when its dark pool
 * provider is Polygon, Unusual Whales' token when its flow provider is Unusual Whales. Infra
 * grants it exactly these.
 */
export function feedsJobSecrets(marketData: {
  darkPool: DarkPoolProviderName;
  flow: FlowProviderName;
}): SecretKey[] {
  return [
    ...(marketData.darkPool === 'polygon' ? (['marketDataApiKey'] as const) : []),
    ...(marketData.flow === 'unusualwhales' ? (['unusualWhalesApiKey'] as const) : []),
  ];
}

/** The route areas whose handlers lay the stage's earnings calendar over the simulated one (lambdas/feeds/earnings-source.ts). */
export const EARNINGS_READER_AREAS: readonly string[] = ['market', 'positions', 'chat'];
/** The areas whose scheduled jobs do the same (lambdas/positions/jobs.ts). */
export const EARNINGS_READER_JOB_AREAS: readonly string[] = ['positions'];

/** The secrets a function of EARNINGS_READER_AREAS reads for the stage's earnings calendar: FMP's key when it is FMP. */
export function earningsSecrets(earnings: EarningsProviderName): SecretKey[] {
  return earnings === 'fmp' ? ['fmpApiKey'] : [];
}

/**
 * A real provider's latest answer failed and its last good items are served instead: why, and
 * how old they are (seconds since they were fetched).
 */
export const feedStaleSchema = z.object({
  reason: z.string(),
  ageSeconds: z.number().int().nonnegative(),
});
export type FeedStale = z.infer<typeof feedStaleSchema>;

/** The provider answered with an error, too late, or with a body that is not what its API sends. */
export class FeedProviderError extends Error {
  override name = 'FeedProviderError';
}

/** One JSON GET; throws on a failed status, a timeout or a body that is not JSON. */
export type FetchJson = (url: string) => Promise<unknown>;

/** Parses `body` with `schema`, or says what the provider sent instead. */
export function parseProviderBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new FeedProviderError(
    `sent a body that is not ${what} (${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid'})`,
  );
}

/** Reads a provider choice from the environment: unset → simulated; anything else unknown throws. */
export function providerFromEnv<T extends string>(
  names: readonly T[],
  envVar: string,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const raw = env[envVar];
  if (raw === undefined || raw === '') return names[0]!;
  if ((names as readonly string[]).includes(raw)) return raw as T;
  throw new Error(`${envVar} must be ${names.join(' or ')}, not "${raw}"`);
}
