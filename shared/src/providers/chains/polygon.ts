/**
 * Polygon's options chain snapshot: `GET {base}/v3/snapshot/options/{underlying}`, paged; each page
 * names the next in `next_url` (an absolute api.polygon.io URL with a cursor). Quotes, the last
 * trade, greeks, IV and the underlying's price come only with the plans that include them, so every
 * one of them may be missing. Times are nanoseconds since the epoch.
 */
import * as z from 'zod';
import { ChainProviderError, type ChainContract, type ChainSnapshot, type FetchJson } from './chain';
import { formatOcc, parseOcc } from './occ';
import { fetchPolygonPages } from '../polygon-pages';

const maybeNumber = z.number().nullish();

const rawContractSchema = z.object({
  details: z.object({
    ticker: z.string(),
    contract_type: z.string(),
    expiration_date: z.string(),
    strike_price: z.number(),
    shares_per_contract: maybeNumber,
  }),
  day: z.object({ close: maybeNumber, volume: maybeNumber }).nullish(),
  greeks: z
    .object({ delta: maybeNumber, gamma: maybeNumber, theta: maybeNumber, vega: maybeNumber })
    .nullish(),
  implied_volatility: maybeNumber,
  open_interest: maybeNumber,
  last_quote: z
    .object({
      bid: maybeNumber,
      ask: maybeNumber,
      bid_size: maybeNumber,
      ask_size: maybeNumber,
      last_updated: maybeNumber,
      timeframe: z.string().nullish(),
    })
    .nullish(),
  last_trade: z.object({ price: maybeNumber, sip_timestamp: maybeNumber }).nullish(),
  underlying_asset: z
    .object({
      ticker: z.string().nullish(),
      price: maybeNumber,
      last_updated: maybeNumber,
      timeframe: z.string().nullish(),
    })
    .nullish(),
});

export const polygonChainPageSchema = z.object({
  status: z.string().nullish(),
  // Each contract is read on its own below, so one unreadable contract does not lose the page.
  results: z.array(z.unknown()).nullish(),
  next_url: z.string().nullish(),
});
export type PolygonChainPage = z.infer<typeof polygonChainPageSchema>;

const fromNanoseconds = (ns: number | null | undefined) =>
  ns ? new Date(Math.floor(ns / 1e6)).toISOString() : null;
const orNull = (value: number | null | undefined) => value ?? null;

type Read = { contract: ChainContract; underlying: z.infer<typeof rawContractSchema>['underlying_asset'] };

function readContract(raw: unknown): Read | { symbol: string | null; reason: string } {
  const parsed = rawContractSchema.safeParse(raw);
  const ticker = (raw as { details?: { ticker?: unknown } })?.details?.ticker;
  const symbol = typeof ticker === 'string' ? ticker : null;
  if (!parsed.success)
    return { symbol, reason: `unreadable contract: ${parsed.error.issues[0]?.path.join('.')}` };
  const c = parsed.data;
  const terms = parseOcc(c.details.ticker);
  if (!terms) return { symbol, reason: 'not an OCC option symbol' };
  const type = c.details.contract_type;
  if (
    type !== terms.type ||
    c.details.expiration_date !== terms.expiration ||
    c.details.strike_price !== terms.strike
  )
    return { symbol, reason: 'details disagree with the option symbol' };
  const quote = c.last_quote;
  return {
    underlying: c.underlying_asset,
    contract: {
      occ: formatOcc(terms),
      ...terms,
      bid: orNull(quote?.bid),
      ask: orNull(quote?.ask),
      bidSize: orNull(quote?.bid_size),
      askSize: orNull(quote?.ask_size),
      // The day's close is the last trade of the day when no last trade is given.
      last: orNull(c.last_trade?.price ?? c.day?.close),
      lastTime: fromNanoseconds(c.last_trade?.sip_timestamp),
      volume: orNull(c.day?.volume),
      openInterest: orNull(c.open_interest),
      iv: orNull(c.implied_volatility),
      greeks: c.greeks
        ? {
            delta: orNull(c.greeks.delta),
            gamma: orNull(c.greeks.gamma),
            theta: orNull(c.greeks.theta),
            vega: orNull(c.greeks.vega),
            rho: null,
          }
        : null,
      quoteTime: fromNanoseconds(quote?.last_updated),
    },
  };
}

/** One or more pages of a chain snapshot as one chain. Throws ChainProviderError on a page that is not one. */
export function parsePolygonChain(underlying: string, pages: readonly unknown[]): ChainSnapshot {
  const contracts: ChainContract[] = [];
  const rejected: ChainSnapshot['rejected'] = [];
  const timeframes = new Set<string>();
  let latest: { price: number; at: string | null } | null = null;
  for (const page of pages) {
    const parsed = polygonChainPageSchema.safeParse(page);
    if (!parsed.success || (parsed.data.status && parsed.data.status !== 'OK'))
      throw new ChainProviderError('Polygon sent something other than an option chain page');
    for (const raw of parsed.data.results ?? []) {
      const read = readContract(raw);
      if (!('contract' in read)) {
        rejected.push(read);
        continue;
      }
      contracts.push(read.contract);
      for (const timeframe of [
        read.underlying?.timeframe,
        (raw as { last_quote?: { timeframe?: unknown } }).last_quote?.timeframe,
      ])
        if (typeof timeframe === 'string') timeframes.add(timeframe);
      const { price, last_updated: updated } = read.underlying ?? {};
      const at = fromNanoseconds(updated);
      if (typeof price === 'number' && (!latest || (at && (!latest.at || at > latest.at))))
        latest = { price, at };
    }
  }
  return {
    provider: 'polygon',
    delayed: timeframes.size === 0 ? null : timeframes.has('DELAYED'),
    underlying: {
      symbol: underlying.toUpperCase(),
      price: latest?.price ?? null,
      bid: null,
      ask: null,
      asOf: latest?.at ?? null,
    },
    contracts,
    rejected,
  };
}

/** The first page's URL under a base (api.polygon.io, or a local server serving recorded pages). */
export function polygonChainUrl(baseUrl: string, underlying: string): string {
  return new URL(`/v3/snapshot/options/${encodeURIComponent(underlying.toUpperCase())}`, baseUrl).toString();
}

/** Every page of a chain snapshot (../polygon-pages: `next_url` followed on the configured host). */
export async function fetchPolygonChainPages(
  baseUrl: string,
  underlying: string,
  fetchJson: FetchJson,
  maxPages = 100,
): Promise<unknown[]> {
  const { pages } = await fetchPolygonPages({
    firstUrl: polygonChainUrl(baseUrl, underlying),
    baseUrl,
    fetchJson,
    maxPages,
    onTooMany: 'throw',
    fail: (message) => new ChainProviderError(message),
  });
  return pages;
}

/** The whole chain of an underlying: every page fetched, then read as one chain. */
export async function fetchPolygonChain(
  baseUrl: string,
  underlying: string,
  fetchJson: FetchJson,
): Promise<ChainSnapshot> {
  return parsePolygonChain(underlying, await fetchPolygonChainPages(baseUrl, underlying, fetchJson));
}
