/**
 * Tradier's market data (brokerage API, `Authorization: Bearer <token>`), a chain in several
 * requests: `GET {base}/v1/markets/options/expirations?symbol=X&includeAllRoots=true` for the
 * dates, `GET {base}/v1/markets/quotes?symbols=X` for the underlying, then one
 * `GET {base}/v1/markets/options/chains?symbol=X&expiration=D&greeks=true` per date.
 *
 * Tradier's JSON comes from XML: a list of one is sent as the object itself (`{"date":"2024-07-19"}`,
 * `{"option":{…}}`, `{"quote":{…}}`) and an empty list as `null` (`{"options":null}`). Times are
 * milliseconds since the epoch, 0 for never. Greeks and IVs are ORATS's: theta per calendar day,
 * vega per vol point, and four IVs per contract (`bid_iv`, `mid_iv`, `ask_iv` and `smv_vol`, ORATS's
 * smoothed surface at the strike). The contract's vendor IV here is `mid_iv`, the IV of the quote's
 * midpoint, the price our own IV is solved from; 0 (ORATS found none) is no IV. With a zero bid,
 * ORATS's `mid_iv` is its `ask_iv`. The sandbox (sandbox.tradier.com) is 15 minutes delayed; the
 * production API is real time for Tradier's account holders.
 */
import * as z from 'zod';
import { ChainProviderError, type ChainContract, type ChainSnapshot, type FetchJson } from './chain';
import { formatOcc, parseOcc } from './occ';

/** Tradier's production host; any other base (the sandbox, a replay of it) is labelled delayed. */
export const TRADIER_PRODUCTION_URL = 'https://api.tradier.com';

/**
 * Tradier's market-data limit is counted per token per minute: 120 requests a minute as its
 * rate-limiting page is summarised (docs/providers.md; the recorded sandbox answers said
 * `X-Ratelimit-Allowed: 200`). The adapter starts at most this many a minute, evenly spaced, so a
 * whole chain (one request per expiration) never trips it.
 */
export const TRADIER_REQUESTS_PER_MINUTE = 120;

const maybeNumber = z.number().nullish();
/** One or many, as Tradier sends them; `null` (nothing) is an empty list. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item, z.null()])
    .transform((value) => (value === null ? [] : Array.isArray(value) ? value : [value]));

export const tradierExpirationsSchema = z.object({
  expirations: z.object({ date: oneOrMany(z.iso.date()) }).nullable(),
});

const rawQuoteSchema = z.object({
  symbol: z.string(),
  last: maybeNumber,
  bid: maybeNumber,
  ask: maybeNumber,
  prevclose: maybeNumber,
  change: maybeNumber,
  change_percentage: maybeNumber,
  volume: maybeNumber,
  trade_date: maybeNumber,
});

export const tradierQuotesSchema = z.object({
  quotes: z
    .object({ quote: oneOrMany(z.unknown()).optional(), unmatched_symbols: z.unknown().optional() })
    .nullable(),
});

const rawContractSchema = z.object({
  symbol: z.string(),
  option_type: z.string(),
  strike: z.number(),
  expiration_date: z.string(),
  root_symbol: z.string().nullish(),
  bid: maybeNumber,
  ask: maybeNumber,
  bidsize: maybeNumber,
  asksize: maybeNumber,
  bid_date: maybeNumber,
  ask_date: maybeNumber,
  last: maybeNumber,
  trade_date: maybeNumber,
  volume: maybeNumber,
  open_interest: maybeNumber,
  greeks: z
    .object({
      delta: maybeNumber,
      gamma: maybeNumber,
      theta: maybeNumber,
      vega: maybeNumber,
      rho: maybeNumber,
      mid_iv: maybeNumber,
    })
    .nullish(),
});

export const tradierChainSchema = z.object({
  // Each contract is read on its own below, so one unreadable contract does not lose the chain.
  options: z.object({ option: oneOrMany(z.unknown()) }).nullable(),
});

const orNull = (value: number | null | undefined) => value ?? null;
/** Milliseconds since the epoch as an instant; 0 (never) and absent are null. */
const fromMillis = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);

function readContract(raw: unknown): ChainContract | { symbol: string | null; reason: string } {
  const parsed = rawContractSchema.safeParse(raw);
  const symbol = (raw as { symbol?: unknown })?.symbol;
  if (!parsed.success)
    return {
      symbol: typeof symbol === 'string' ? symbol : null,
      reason: `unreadable contract: ${parsed.error.issues[0]?.path.join('.') ?? ''}`,
    };
  const c = parsed.data;
  const terms = parseOcc(c.symbol);
  if (!terms) return { symbol: c.symbol, reason: 'not an OCC option symbol' };
  if (c.option_type !== terms.type || c.expiration_date !== terms.expiration || c.strike !== terms.strike)
    return { symbol: c.symbol, reason: 'details disagree with the option symbol' };
  const g = c.greeks;
  const quoteTimes = [c.bid_date, c.ask_date].filter((t): t is number => typeof t === 'number' && t > 0);
  const lastTime = c.last === null || c.last === undefined ? null : fromMillis(c.trade_date);
  return {
    occ: formatOcc(terms),
    ...terms,
    bid: orNull(c.bid),
    ask: orNull(c.ask),
    bidSize: orNull(c.bidsize),
    askSize: orNull(c.asksize),
    last: lastTime ? orNull(c.last) : null,
    lastTime,
    volume: orNull(c.volume),
    openInterest: orNull(c.open_interest),
    iv: g?.mid_iv && g.mid_iv > 0 ? g.mid_iv : null,
    greeks: g
      ? {
          delta: orNull(g.delta),
          gamma: orNull(g.gamma),
          theta: orNull(g.theta),
          vega: orNull(g.vega),
          rho: orNull(g.rho),
        }
      : null,
    quoteTime: quoteTimes.length > 0 ? fromMillis(Math.max(...quoteTimes)) : null,
  };
}

/** The dates of an expirations body, oldest first; throws ChainProviderError when it is not one. */
export function parseTradierExpirations(body: unknown): string[] {
  const parsed = tradierExpirationsSchema.safeParse(body);
  if (!parsed.success) throw new ChainProviderError('Tradier sent something other than expirations');
  return [...new Set(parsed.data.expirations?.date ?? [])].sort();
}

export interface TradierChainBodies {
  quote: unknown;
  /** One chain body per expiration, in any order. */
  chains: readonly unknown[];
}

/**
 * The quote and per-expiration chain bodies of `symbol` as one chain; throws ChainProviderError
 * when one of them is not what it should be, or the quote is another symbol's.
 */
export function parseTradierChain(
  symbol: string,
  bodies: TradierChainBodies,
  delayed: boolean,
): ChainSnapshot {
  const wanted = symbol.trim().toUpperCase();
  const quotes = tradierQuotesSchema.safeParse(bodies.quote);
  if (!quotes.success) throw new ChainProviderError('Tradier sent something other than a quote');
  const quote = (quotes.data.quotes?.quote ?? [])
    .map((raw) => rawQuoteSchema.safeParse(raw))
    .flatMap((read) => (read.success ? [read.data] : []))
    .find((q) => q.symbol.toUpperCase() === wanted);
  if (!quote) throw new ChainProviderError(`sent no quote of ${wanted}`);
  const contracts: ChainContract[] = [];
  const rejected: ChainSnapshot['rejected'] = [];
  for (const body of bodies.chains) {
    const chain = tradierChainSchema.safeParse(body);
    if (!chain.success) throw new ChainProviderError('Tradier sent something other than an option chain');
    for (const raw of chain.data.options?.option ?? []) {
      const read = readContract(raw);
      if ('occ' in read) contracts.push(read);
      else rejected.push(read);
    }
  }
  return {
    provider: 'tradier',
    delayed,
    underlying: {
      symbol: wanted,
      price: orNull(quote.last),
      bid: orNull(quote.bid),
      ask: orNull(quote.ask),
      asOf: fromMillis(quote.trade_date),
      previousClose: orNull(quote.prevclose),
      change: orNull(quote.change),
      changePercent: orNull(quote.change_percentage),
      volume: orNull(quote.volume),
    },
    contracts,
    rejected,
  };
}

const url = (baseUrl: string, path: string, query: Record<string, string>) => {
  const u = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query)) u.searchParams.set(key, value);
  return u.toString();
};

export const tradierExpirationsUrl = (baseUrl: string, symbol: string) =>
  url(baseUrl, '/v1/markets/options/expirations', { symbol: symbol.toUpperCase(), includeAllRoots: 'true' });
export const tradierQuoteUrl = (baseUrl: string, symbol: string) =>
  url(baseUrl, '/v1/markets/quotes', { symbols: symbol.toUpperCase() });
export const tradierChainUrl = (baseUrl: string, symbol: string, expiration: string) =>
  url(baseUrl, '/v1/markets/options/chains', {
    symbol: symbol.toUpperCase(),
    expiration,
    greeks: 'true',
  });

/** Whether a base URL's answers are delayed: everything but Tradier's production host. */
export const tradierDelayed = (baseUrl: string) =>
  new URL(baseUrl).host !== new URL(TRADIER_PRODUCTION_URL).host;

/**
 * The whole chain of `symbol`: its expirations, its quote, then every expiration's chain. One
 * failed request fails the chain (ChainProviderError): a chain missing expirations is never served
 * as whole.
 */
export async function fetchTradierChain(
  baseUrl: string,
  symbol: string,
  fetchJson: FetchJson,
): Promise<ChainSnapshot> {
  const dates = parseTradierExpirations(await fetchJson(tradierExpirationsUrl(baseUrl, symbol)));
  if (dates.length === 0) throw new ChainProviderError(`lists no expirations of ${symbol.toUpperCase()}`);
  const [quote, ...chains] = await Promise.all([
    fetchJson(tradierQuoteUrl(baseUrl, symbol)),
    ...dates.map((date) => fetchJson(tradierChainUrl(baseUrl, symbol, date))),
  ]);
  return parseTradierChain(symbol, { quote, chains }, tradierDelayed(baseUrl));
}

/**
 * `fetchJson` with its requests' starts spaced evenly so no more than `perMinute` start in any
 * minute (the wait is in-process: one snapshot job asks Tradier at a time).
 */
export function pacedFetchJson(
  fetchJson: FetchJson,
  perMinute = TRADIER_REQUESTS_PER_MINUTE,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now = () => Date.now(),
): FetchJson {
  const gapMs = 60_000 / perMinute;
  let nextStart = 0;
  return async (target) => {
    const at = Math.max(now(), nextStart);
    nextStart = at + gapMs;
    const wait = at - now();
    if (wait > 0) await sleep(wait);
    return fetchJson(target);
  };
}
