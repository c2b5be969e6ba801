/**
 * CBOE's free delayed quotes (15 minutes, no key):
 * `GET {base}/api/global/delayed_quotes/options/{SYMBOL}.json`, the whole chain and the underlying's
 * quote in one body. Index symbols take CBOE's leading underscore (`_SPX`); their contracts come
 * under several roots (SPX and SPXW). Times: `timestamp` is when CBOE served the body (UTC,
 * `YYYY-MM-DD HH:MM:SS`); `last_trade_time` fields are New York wall-clock times without a zone.
 */
import { TZDate } from '@date-fns/tz';
import * as z from 'zod';
import { ChainProviderError, type ChainContract, type ChainSnapshot } from './chain';
import { formatOcc, parseOcc } from './occ';

/** Indexes CBOE lists with a leading underscore; everything else (stocks, ETFs) goes as it is. */
export const CBOE_INDEX_SYMBOLS: ReadonlySet<string> = new Set([
  'SPX',
  'XSP',
  'NDX',
  'RUT',
  'VIX',
  'DJX',
  'OEX',
  'XEO',
]);

/** CBOE's name for one of our symbols: `SPX` → `_SPX`, `AAPL` → `AAPL`, `BRK.B` → `BRK.B`. */
export function cboeSymbol(symbol: string): string {
  const upper = symbol.trim().toUpperCase().replace(/^[_^]/, '');
  return CBOE_INDEX_SYMBOLS.has(upper) ? `_${upper}` : upper;
}

/** Our name for a CBOE symbol: `_SPX` → `SPX`. */
export function fromCboeSymbol(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/^_/, '');
}

/** The chain's URL under a base (CBOE's CDN, or a local server serving a recorded body). */
export function cboeChainUrl(baseUrl: string, symbol: string): string {
  return new URL(`/api/global/delayed_quotes/options/${cboeSymbol(symbol)}.json`, baseUrl).toString();
}

const maybeNumber = z.number().nullish();

const rawContractSchema = z.object({
  option: z.string(),
  bid: maybeNumber,
  bid_size: maybeNumber,
  ask: maybeNumber,
  ask_size: maybeNumber,
  iv: maybeNumber,
  open_interest: maybeNumber,
  volume: maybeNumber,
  delta: maybeNumber,
  gamma: maybeNumber,
  theta: maybeNumber,
  vega: maybeNumber,
  rho: maybeNumber,
  last_trade_price: maybeNumber,
  last_trade_time: z.string().nullish(),
});

export const cboeChainResponseSchema = z.object({
  timestamp: z.string().nullish(),
  symbol: z.string().nullish(),
  data: z.object({
    symbol: z.string().nullish(),
    current_price: maybeNumber,
    price_change: maybeNumber,
    price_change_percent: maybeNumber,
    prev_day_close: maybeNumber,
    volume: maybeNumber,
    bid: maybeNumber,
    ask: maybeNumber,
    last_trade_time: z.string().nullish(),
    // Each contract is read on its own below, so one unreadable contract does not lose the chain.
    options: z.array(z.unknown()),
  }),
});

const NEW_YORK_WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/** `2023-05-19T15:59:59` in New York as a UTC instant, or null when absent or not that shape. */
function fromNewYorkWallTime(raw: string | null | undefined): string | null {
  const match = raw ? NEW_YORK_WALL_TIME.exec(raw) : null;
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(+new TZDate(y, mo - 1, d, h, mi, s, 'America/New_York')).toISOString();
}

/** The body's `timestamp` (UTC) as an instant; null when it is not a full date and time. */
function fromUtcTimestamp(raw: string | null | undefined): string | null {
  const match = raw ? UTC_TIMESTAMP.exec(raw) : null;
  return match ? new Date(`${match[1]}T${match[2]}Z`).toISOString() : null;
}

/** A price CBOE sends as 0 with no trade behind it (`last_trade_time: null`) is no price. */
const orNull = (value: number | null | undefined) => value ?? null;

function readContract(
  raw: unknown,
  quoteTime: string | null,
): ChainContract | { symbol: string | null; reason: string } {
  const parsed = rawContractSchema.safeParse(raw);
  if (!parsed.success) {
    const symbol =
      typeof (raw as { option?: unknown })?.option === 'string' ? (raw as { option: string }).option : null;
    return {
      symbol,
      reason:
        `unreadable contract: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    };
  }
  const c = parsed.data;
  const terms = parseOcc(c.option);
  if (!terms) return { symbol: c.option, reason: 'not an OCC option symbol' };
  const lastTime = fromNewYorkWallTime(c.last_trade_time);
  const hasGreeks = [c.delta, c.gamma, c.theta, c.vega, c.rho].some((g) => g !== null && g !== undefined);
  return {
    occ: formatOcc(terms),
    ...terms,
    bid: orNull(c.bid),
    ask: orNull(c.ask),
    bidSize: orNull(c.bid_size),
    askSize: orNull(c.ask_size),
    last: lastTime ? orNull(c.last_trade_price) : null,
    lastTime,
    volume: orNull(c.volume),
    openInterest: orNull(c.open_interest),
    iv: orNull(c.iv),
    greeks: hasGreeks
      ? {
          delta: orNull(c.delta),
          gamma: orNull(c.gamma),
          theta: orNull(c.theta),
          vega: orNull(c.vega),
          rho: orNull(c.rho),
        }
      : null,
    quoteTime,
  };
}

/** A CBOE delayed-quotes body as a chain; throws ChainProviderError when it is not one. */
export function parseCboeChain(body: unknown): ChainSnapshot {
  const parsed = cboeChainResponseSchema.safeParse(body);
  if (!parsed.success) throw new ChainProviderError('CBOE sent something other than an option chain');
  const { timestamp, symbol, data } = parsed.data;
  const underlying = fromCboeSymbol(data.symbol ?? symbol ?? '');
  if (!underlying) throw new ChainProviderError('CBOE sent a chain without its symbol');
  const quoteTime = fromUtcTimestamp(timestamp);
  const contracts: ChainContract[] = [];
  const rejected: ChainSnapshot['rejected'] = [];
  for (const raw of data.options) {
    const read = readContract(raw, quoteTime);
    if ('occ' in read) contracts.push(read);
    else rejected.push(read);
  }
  return {
    provider: 'cboe',
    delayed: true,
    underlying: {
      symbol: underlying,
      price: orNull(data.current_price),
      bid: orNull(data.bid),
      ask: orNull(data.ask),
      asOf: fromNewYorkWallTime(data.last_trade_time),
      previousClose: orNull(data.prev_day_close),
      change: orNull(data.price_change),
      changePercent: orNull(data.price_change_percent),
      volume: orNull(data.volume),
    },
    contracts,
    rejected,
  };
}
