/**
 * Dark pool prints from Polygon's trades (`GET /v3/trades/{ticker}`): the off-exchange trades
 * reported to a FINRA Trade Reporting Facility (Polygon's exchange id 4, with a `trf_id`) that are
 * blocks by Reg NMS's definition, each with the NBBO in force when it printed (`GET
 * /v3/quotes/{ticker}`, the latest quote at or before the print) and the side that quote implies.
 * Pure. The Dark Pool Flow feed's items on DARKPOOL_PROVIDER=polygon (lambdas/feeds/darkpool-source.ts).
 */
import * as z from 'zod';
import type { DarkPoolFlow, NbboPlacement } from '../../feeds/schemas';
import { parseProviderBody } from './feed-providers';

/**
 * Polygon's exchange id of the FINRA TRFs and the ADF (participant D): every off-exchange print.
 * Polygon's recorded exchange list (tests/fixtures/providers/polygon/exchanges.client-python.json)
 * gives id 4 to FINRA NYSE TRF, FINRA Nasdaq TRF Carteret and Chicago, and FINRA ADF.
 */
export const FINRA_TRF_EXCHANGE_ID = 4;

/**
 * A block, as Reg NMS Rule 600(b) defines "block size": at least 10,000 shares, or a quantity
 * worth at least $200,000. A print this large is an institution's order, not retail flow.
 */
export const BLOCK_MIN_SHARES = 10_000;
export const BLOCK_MIN_NOTIONAL = 200_000;

/**
 * Sale conditions whose price is not a print at that price and so say nothing about the side:
 * Average Price Trade (2) and Derivatively Priced (10), as Polygon's recorded condition list names
 * them (conditions-stocks.client-python.json).
 */
export const UNPRICED_CONDITIONS: ReadonlySet<number> = new Set([2, 10]);

const tradeSchema = z.object({
  id: z.string(),
  exchange: z.number().int(),
  price: z.number().positive(),
  size: z.number().nonnegative(),
  // Nanoseconds: past 2^53, so read as a double (to within 256 ns; times are kept to the millisecond).
  sip_timestamp: z.number().positive(),
  conditions: z.array(z.number().int()).default([]),
  trf_id: z.number().int().optional(),
  trf_timestamp: z.number().positive().optional(),
  correction: z.number().int().optional(),
});
export type PolygonTrade = z.infer<typeof tradeSchema>;

const quoteSchema = z.object({
  bid_price: z.number().nonnegative(),
  ask_price: z.number().nonnegative(),
  bid_size: z.number().nonnegative().optional(),
  ask_size: z.number().nonnegative().optional(),
  // Nanoseconds: past 2^53, so read as a double (to within 256 ns; times are kept to the millisecond).
  sip_timestamp: z.number().positive(),
});
export type PolygonQuote = z.infer<typeof quoteSchema>;

const page = <T extends z.ZodType>(result: T) =>
  z.object({ results: z.array(result).default([]), next_url: z.string().optional() });

export const parsePolygonTrades = (body: unknown): PolygonTrade[] =>
  parseProviderBody(page(tradeSchema), body, 'a Polygon trades page').results;
export const parsePolygonQuotes = (body: unknown): PolygonQuote[] =>
  parseProviderBody(page(quoteSchema), body, 'a Polygon quotes page').results;

/** Nanoseconds since the epoch as an ISO instant (to the millisecond). */
export const nanosToIso = (ns: number) => new Date(Math.floor(ns / 1e6)).toISOString();

/**
 * A ticker's trades from `fromNs` (to `toNs` when given) on, oldest first, in Polygon's largest
 * page; the following pages are named by `next_url` (../polygon-pages).
 */
export function polygonTradesUrl(baseUrl: string, ticker: string, fromNs: number, toNs?: number): string {
  const url = new URL(`/v3/trades/${encodeURIComponent(ticker)}`, baseUrl);
  url.searchParams.set('timestamp.gte', String(fromNs));
  if (toNs !== undefined) url.searchParams.set('timestamp.lte', String(toNs));
  url.searchParams.set('order', 'asc');
  url.searchParams.set('limit', '50000');
  return url.toString();
}

/** The latest quote at or before `atNs`: the NBBO a print met. */
export function polygonNbboUrl(baseUrl: string, ticker: string, atNs: number): string {
  const url = new URL(`/v3/quotes/${encodeURIComponent(ticker)}`, baseUrl);
  url.searchParams.set('timestamp.lte', String(atNs));
  url.searchParams.set('order', 'desc');
  url.searchParams.set('limit', '1');
  return url.toString();
}

/** An off-exchange print reported to a TRF, of a block's size, at a real price. */
export function isDarkPoolBlock(trade: PolygonTrade): boolean {
  return (
    trade.exchange === FINRA_TRF_EXCHANGE_ID &&
    trade.trf_id !== undefined &&
    !trade.conditions.some((c) => UNPRICED_CONDITIONS.has(c)) &&
    (trade.size >= BLOCK_MIN_SHARES || trade.size * trade.price >= BLOCK_MIN_NOTIONAL)
  );
}

/**
 * Where the print sat in the NBBO, and the side the quote rule (Lee and Ready) reads from it:
 * above the midpoint a buyer's print, below it a seller's, at it unknown (null). A crossed or
 * empty quote gives no reading.
 */
export function nbboReading(
  price: number,
  quote: PolygonQuote,
): { placement: NbboPlacement; side: 'buy' | 'sell' | null } | null {
  const { bid_price: bid, ask_price: ask } = quote;
  if (bid <= 0 || ask <= 0 || ask < bid) return null;
  const mid = (bid + ask) / 2;
  // In hundredths of a cent: off-exchange prints are often sub-penny.
  const ticks = (x: number) => Math.round(x * 10_000);
  const [p, b, a, m] = [ticks(price), ticks(bid), ticks(ask), ticks(mid)];
  const placement: NbboPlacement =
    p > a
      ? 'above-ask'
      : p === a
        ? 'at-ask'
        : p > m
          ? 'above-mid'
          : p === m
            ? 'at-mid'
            : p > b
              ? 'below-mid'
              : p === b
                ? 'at-bid'
                : 'below-bid';
  return { placement, side: p > m ? 'buy' : p < m ? 'sell' : null };
}

export interface DarkPoolPrint {
  ticker: string;
  /** Polygon's trade id with the TRF's, unique per ticker. */
  id: string;
  timestamp: string;
  price: number;
  shares: number;
  /** Price × shares, in dollars. */
  notional: number;
  /** The TRF that took the report (null: an exchange print). */
  trfId: number | null;
  /** When the TRF received the report (a print may be reported up to 10 s after it happened). */
  reportedAt: string | null;
  conditions: number[];
  nbbo: { bid: number; ask: number; at: string } | null;
  placement: NbboPlacement | null;
  side: 'buy' | 'sell' | null;
}

/** One print from a block trade and the quote in force then (null: none could be had). */
export function darkPoolPrint(
  ticker: string,
  trade: PolygonTrade,
  given: PolygonQuote | null,
): DarkPoolPrint {
  // A quote stamped after the print was not in force when it printed.
  const quote = given && given.sip_timestamp <= trade.sip_timestamp ? given : null;
  const reading = quote ? nbboReading(trade.price, quote) : null;
  return {
    ticker: ticker.toUpperCase(),
    id: `polygon-${ticker.toUpperCase()}-${trade.trf_id ?? 'exchange'}-${trade.id}`,
    timestamp: nanosToIso(trade.sip_timestamp),
    price: trade.price,
    shares: trade.size,
    notional: Math.round(trade.price * trade.size * 100) / 100,
    trfId: trade.trf_id ?? null,
    reportedAt: trade.trf_timestamp ? nanosToIso(trade.trf_timestamp) : null,
    conditions: trade.conditions,
    nbbo:
      quote && reading
        ? { bid: quote.bid_price, ask: quote.ask_price, at: nanosToIso(quote.sip_timestamp) }
        : null,
    placement: reading?.placement ?? null,
    side: reading?.side ?? null,
  };
}

/** The TRFs' and the ADF's common name: Polygon's exchange list gives them one id (4). */
export const TRF_VENUE = 'FINRA TRF';

/** A print as a Dark Pool Flow item: the tape's facts, and nothing the tape does not say. */
export function darkPoolItem(print: DarkPoolPrint): DarkPoolFlow {
  return {
    id: print.id,
    ticker: print.ticker,
    provider: 'polygon',
    timestamp: print.timestamp,
    // Polygon sends fractional sizes for odd lots; a block is thousands of shares.
    blockSize: Math.max(1, Math.round(print.shares)),
    price: print.price,
    side: print.side,
    tape: {
      venue: TRF_VENUE,
      trfId: print.trfId,
      reportedAt: print.reportedAt,
      conditions: print.conditions,
      notional: print.notional,
      nbbo: print.nbbo,
      placement: print.placement,
    },
  };
}
