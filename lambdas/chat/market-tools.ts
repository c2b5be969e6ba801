// size: six tools, each a zod schema, a description for the model and a call of the route's own service.
/**
 * The market tools: quotes (the stage's provider), price history, the daily summary, option chains
 * and the scanner (the stage's chain provider, cited with it) and implied-volatility statistics,
 * each the same service the app's own routes use, with the caller's plan applied.
 */
import * as z from 'zod';
import { scannerStrategies, scannerStrategyLabel } from '@shared/constants/strategies';
import { historyRanges, historyRangeLabels } from '@shared/market/history';
import { provenanceParts } from '@shared/market/schemas';
import { underlyingAt } from '@shared/market/quotes';
import { tickerSchema } from '@shared/market/ticker';
import { scanFiltersSchema, scanSortKeys } from '@shared/options/scan-filters';
import { ValidationError } from '../common/errors';
import { priceHistory } from '../market/history-service';
import { isoDateOf, newYorkTime } from '@shared/market/calendar';
import { atm30Iv, noIvHistory, realIvStats } from '@shared/providers/history/real-iv';
import type { ChainSource } from '../market/chain-types';
import { marketData, optionsChain, realChain, scanOptions, type Provenance } from '../market/service';
import { servedMarketSummary } from '../market/summary-service';
import { cents, citation, DAY_MS, finiteOrNull, money, percent, tool } from './tool-kit';

export const getQuotes = tool({
  name: 'get_quotes',
  description:
    "Current quotes (price, the day's change, volume, 52-week range, time of the price) for 1-10 symbols.",
  input: z.object({ symbols: z.array(tickerSchema).min(1).max(10) }).strict(),
  async run({ symbols }, ctx) {
    const { data, source } = await marketData(
      ctx.quotes.provider,
      ctx.quotes.source,
      { symbols, type: 'ticker' },
      ctx.at,
    );
    const latest =
      data
        .map((q) => q.timestamp)
        .sort()
        .at(-1) ?? null;
    return {
      result: { source, quotes: data },
      citation: citation('get_quotes', `Quotes: ${data.map((q) => q.symbol).join(', ')}`, {
        source,
        asOf: latest,
        symbols: data.map((q) => q.symbol),
        figures: data.map((q) => ({
          name: `${q.symbol} price`,
          value: `$${q.price} (${q.change}, ${q.changePercent})`,
          asOf: q.timestamp,
        })),
      }),
    };
  },
});

export const getPriceHistory = tool({
  name: 'get_price_history',
  description:
    'Price history of a symbol: 1D (5-minute prices of the session), 1M, 3M or 1Y (daily closes). Returns the change over the range, high, low and sampled points.',
  input: z.object({ symbol: tickerSchema, range: z.enum(historyRanges).default('1M') }).strict(),
  run({ symbol, range }, ctx) {
    const history = priceHistory({ symbol, range }, ctx.at);
    const closes = history.points.map((p) => p.close);
    const first = history.points[0]!;
    const last = history.points.at(-1)!;
    const step = Math.max(1, Math.ceil(history.points.length / 24));
    const sampled = history.points.filter((_, i) => i % step === 0 || i === history.points.length - 1);
    const change = ((last.close - history.previousClose) / history.previousClose) * 100;
    const summary = {
      symbol: history.symbol,
      range,
      interval: history.interval,
      previousClose: history.previousClose,
      first,
      last,
      high: Math.max(...closes),
      low: Math.min(...closes),
      changePercent: cents(change),
    };
    return {
      result: { ...summary, source: history.source, points: sampled },
      citation: citation(
        'get_price_history',
        `${history.symbol} price history (${historyRangeLabels[range]})`,
        {
          asOf: last.time,
          symbols: [history.symbol],
          figures: [
            { name: 'Last', value: `$${last.close.toFixed(2)}`, asOf: last.time },
            { name: `Change over ${range}`, value: percent(change, 2) },
            { name: 'High', value: `$${summary.high.toFixed(2)}` },
            { name: 'Low', value: `$${summary.low.toFixed(2)}` },
            { name: 'From', value: `$${first.close.toFixed(2)}`, asOf: first.time },
          ],
        },
      ),
    };
  },
});

export const getMarketSummary = tool({
  name: 'get_market_summary',
  description:
    "Today's Daily Market Summary: futures direction, VIX, sector rotation, volatility outlook, SPY and QQQ support/resistance, sector moves and the top news stories.",
  input: z.object({}).strict(),
  async run(_args, ctx) {
    const summary = await servedMarketSummary(ctx.at);
    const { overview, levels } = summary;
    return {
      result: {
        date: summary.date,
        closeOf: summary.sessionDate,
        asOf: summary.asOf,
        overview,
        vixChange: summary.vixChange,
        levels,
        sectors: summary.sectors,
        news: summary.news.slice(0, 6).map((n) => ({
          title: n.title,
          impact: n.impact,
          sentiment: n.sentiment,
          tickers: n.tickers,
          tradingImplication: n.tradingImplication,
          source: n.sourceName,
          url: n.sourceUrl,
        })),
        newsSource: summary.newsSource,
      },
      citation: citation('get_market_summary', `Daily Market Summary for ${summary.date}`, {
        source: summary.source,
        asOf: summary.asOf,
        symbols: ['SPY', 'QQQ', 'VIX'],
        figures: [
          { name: 'Futures direction', value: overview.futuresDirection },
          { name: 'VIX', value: overview.vixLevel.toFixed(2) },
          {
            name: 'SPY levels',
            value: `support $${levels.SPY.support} / $${levels.SPY.current} / resistance $${levels.SPY.resistance}`,
          },
          {
            name: 'QQQ levels',
            value: `support $${levels.QQQ.support} / $${levels.QQQ.current} / resistance $${levels.QQQ.resistance}`,
          },
          { name: 'Sector rotation', value: overview.sectorRotation },
        ],
      }),
    };
  },
});

/** A real provider's chain or scan is cited as live; the simulated market's as simulated. */
const citedSource = (p: Provenance) => (p.source === 'simulated' ? 'simulated' : 'live');

/** ' (CBOE, 15 min delayed)' after a real chain's label, with 'stale' when its last answer failed. */
const fromProvider = (p: Provenance): string =>
  p.source === 'simulated' ? '' : ` (${provenanceParts(p).join(', ')})`;

/** The expiration a chain question means when it names none: the first at least three weeks out. */
function defaultExpiration(expirations: readonly string[], at: Date): string | undefined {
  return (
    expirations.find((e) => Date.parse(`${e}T21:00:00Z`) - at.getTime() >= 21 * DAY_MS) ?? expirations.at(-1)
  );
}

export const getOptionChain = tool({
  name: 'get_option_chain',
  description:
    'The option chain of a symbol for one expiration (default: the first at least 3 weeks out): the strikes nearest the money with bid, ask, implied volatility, delta, volume and open interest, and the list of expirations.',
  input: z
    .object({
      symbol: tickerSchema,
      expiration: z.iso.date().optional(),
      strikesEachSide: z.number().int().min(1).max(10).default(4),
    })
    .strict(),
  async run({ symbol, expiration, strikesEachSide }, ctx) {
    const all = await optionsChain(ctx.plan, { symbol }, ctx.chains ?? null, ctx.at);
    const chosen = expiration ?? defaultExpiration(all.expirations, ctx.at);
    if (!chosen || !all.expirations.includes(chosen))
      throw new ValidationError(
        `No ${symbol} expiration on ${expiration}; listed: ${all.expirations.join(', ')}`,
      );
    const contracts = all.contracts.filter((c) => c.expiration === chosen);
    const strikes = [...new Set(contracts.map((c) => c.strike))]
      .sort((a, b) => Math.abs(a - all.underlyingPrice) - Math.abs(b - all.underlyingPrice))
      .slice(0, strikesEachSide * 2 + 1);
    const near = contracts
      .filter((c) => strikes.includes(c.strike))
      .sort((a, b) => a.strike - b.strike || a.type.localeCompare(b.type))
      .map((c) => ({
        type: c.type,
        strike: c.strike,
        bid: c.bid,
        ask: c.ask,
        iv: c.iv === null ? null : cents(c.iv * 100),
        delta: c.delta === null ? null : Math.round(c.delta * 1000) / 1000,
        volume: c.volume,
        openInterest: c.openInterest,
      }));
    const atm = strikes[0]!;
    const atmOf = (type: 'call' | 'put') => near.find((c) => c.strike === atm && c.type === type);
    const figure = (type: 'call' | 'put') => {
      const c = atmOf(type);
      return {
        name: `${atm} ${type}`,
        value: c ? `bid $${c.bid.toFixed(2)} / ask $${c.ask.toFixed(2)}, IV ${c.iv ?? '—'}%` : 'not listed',
      };
    };
    return {
      result: {
        symbol: all.symbol,
        underlyingPrice: all.underlyingPrice,
        asOf: all.asOf,
        source: all.source,
        delayed: all.delayed,
        stale: all.stale,
        expiration: chosen,
        expirations: all.expirations,
        contracts: near,
        note: 'iv is in percent',
      },
      citation: citation('get_option_chain', `${all.symbol} option chain, ${chosen}${fromProvider(all)}`, {
        source: citedSource(all),
        asOf: all.asOf,
        symbols: [all.symbol],
        figures: [
          { name: 'Underlying', value: `$${all.underlyingPrice.toFixed(2)}` },
          figure('call'),
          figure('put'),
        ],
      }),
    };
  },
});

const scanInput = z
  .object({
    ticker: tickerSchema.optional(),
    strategy: z.enum(scannerStrategies).optional(),
    ivRankMin: z.number().min(0).max(100).optional(),
    ivRankMax: z.number().min(0).max(100).optional(),
    minProbabilityOfProfit: z.number().min(0).max(1).optional(),
    maxCapital: z.number().positive().optional(),
    dteMin: z.number().int().min(0).max(1000).optional(),
    dteMax: z.number().int().min(0).max(1000).optional(),
    sortBy: z.enum(scanSortKeys).optional(),
    limit: z.number().int().min(1).max(10).default(5),
  })
  .strict();

export const scanTool = tool({
  name: 'scan_options',
  description:
    'Runs the options scanner (the same engine as the Scanner page) and returns the best positions by edge score: strategy, expiration, strikes, cost, max profit/loss, probability of profit, edge score. minProbabilityOfProfit is a fraction (0.6 = 60%). Without a ticker it scans the whole market.',
  input: scanInput,
  async run(args, ctx) {
    const filters = scanFiltersSchema.parse({ ...args, ivRank: 0 });
    const output = await scanOptions(ctx.plan, filters, ctx.chains ?? null, ctx.at);
    const results = output.results.map((r) => ({
      ticker: r.ticker,
      strategy: r.strategy,
      expiration: r.expiration,
      dte: r.dte,
      strikes: [...new Set(r.position.legs.flatMap((l) => (l.strike === null ? [] : [l.strike])))],
      underlyingPrice: cents(r.underlyingPrice),
      cost: r.cost,
      maxProfit: finiteOrNull(r.maxProfit),
      maxLoss: finiteOrNull(r.maxLoss),
      probabilityOfProfit: cents(r.probabilityOfProfit * 100),
      edgeScore: r.edgeScore,
      // A real chain before enough recorded sessions has none: null, and why.
      ivRank: r.ivRank === null ? null : Math.round(r.ivRank),
      ...(r.ivRankNote ? { ivRankNote: r.ivRankNote } : {}),
      iv: cents(r.iv * 100),
    }));
    const what = [args.ticker, args.strategy && scannerStrategyLabel(args.strategy)]
      .filter(Boolean)
      .join(' ');
    return {
      result: {
        asOf: output.asOf,
        source: output.source,
        delayed: output.delayed,
        stale: output.stale,
        matched: output.matched,
        results,
        // Why the scan is empty ("no trade" when every candidate is expected to lose), and its notes.
        emptyReason: output.emptyReason?.message ?? null,
        notes: output.notes,
        note: 'percent fields are in percent',
      },
      citation: citation('scan_options', `Scanner: ${what || 'whole market'}${fromProvider(output)}`, {
        source: citedSource(output),
        asOf: output.asOf,
        symbols: [...new Set(results.map((r) => r.ticker))],
        figures: results.map((r) => ({
          name: `${r.ticker} ${scannerStrategyLabel(r.strategy)} ${r.expiration} ${r.strikes.join('/')}`,
          value: `POP ${percent(r.probabilityOfProfit)}, edge ${r.edgeScore}, max loss ${money(r.maxLoss)}`,
        })),
      }),
    };
  },
});

export const getIvStats = tool({
  name: 'get_iv_stats',
  description:
    "A symbol's 30-day at-the-money implied volatility, IV rank and IV percentile over the last 252 trading days, and its next earnings date.",
  input: z.object({ symbol: tickerSchema }).strict(),
  async run({ symbol }, ctx) {
    let state;
    try {
      state = underlyingAt(symbol, ctx.at);
    } catch {
      throw new ValidationError(`Unknown symbol: ${symbol}`);
    }
    if (ctx.chains) return realIvStatsOf(ctx.chains, state.symbol);
    const history = Array.from(state.ivHistory);
    const stats = {
      symbol: state.symbol,
      atmIvPercent: cents(state.atmIv * 100),
      ivRank: cents(state.ivRank),
      ivPercentile: cents(state.ivPercentile),
      ivLow52w: cents(Math.min(...history) * 100),
      ivHigh52w: cents(Math.max(...history) * 100),
      nextEarnings: state.nextEarnings,
      price: cents(state.spot),
      asOf: state.asOf,
    };
    return {
      result: {
        ...stats,
        ivRankNote: null as string | null,
        sessionsRecorded: history.length,
        source: 'simulated' as Provenance['source'],
        delayed: false,
        stale: null as Provenance['stale'],
      },
      citation: citation('get_iv_stats', `${state.symbol} implied volatility`, {
        asOf: state.asOf,
        symbols: [state.symbol],
        figures: [
          { name: '30-day ATM IV', value: percent(stats.atmIvPercent) },
          { name: 'IV rank', value: stats.ivRank.toFixed(0) },
          { name: 'IV percentile', value: stats.ivPercentile.toFixed(0) },
          { name: '52-week IV range', value: `${percent(stats.ivLow52w)} – ${percent(stats.ivHigh52w)}` },
          ...(stats.nextEarnings ? [{ name: 'Next earnings', value: stats.nextEarnings }] : []),
        ],
      }),
    };
  },
});

/**
 * get_iv_stats on a real chain provider: the chain's own IV30 ranked over the IVs the closing
 * snapshots recorded (@shared/providers/history/real-iv), null with why under the minimum; never
 * the simulated market's figures.
 */
async function realIvStatsOf(chains: ChainSource, symbol: string) {
  const { priced, provenance } = await realChain(chains, symbol);
  const served = chains.history ? await chains.history(symbol) : null;
  const iv30 = atm30Iv(priced);
  const today = isoDateOf(newYorkTime(new Date(priced.asOf)).dayNumber);
  const recorded = served?.history?.iv ?? [];
  const stats = served?.history
    ? realIvStats(recorded, iv30, today)
    : noIvHistory(iv30, `not yet — ${served?.missing ?? 'no recorded history on this stage'}`);
  const ivs = recorded.filter((r) => r.day < today).map((r) => r.iv);
  const result = {
    symbol,
    atmIvPercent: iv30 === null ? null : cents(iv30 * 100),
    ivRank: stats.ivRank === null ? null : cents(stats.ivRank),
    ivPercentile: stats.ivPercentile === null ? null : cents(stats.ivPercentile),
    ivRankNote: stats.reason,
    sessionsRecorded: stats.sessions,
    // Over the recorded sessions (up to 252: 52 weeks once a year is recorded).
    ivLow52w: ivs.length > 0 ? cents(Math.min(...ivs) * 100) : null,
    ivHigh52w: ivs.length > 0 ? cents(Math.max(...ivs) * 100) : null,
    // The real chain has no earnings date of its own (docs/known-limits.md).
    nextEarnings: null as string | null,
    price: cents(priced.spot),
    asOf: priced.asOf,
    ...provenance,
  };
  return {
    result,
    citation: citation('get_iv_stats', `${symbol} implied volatility${fromProvider(provenance)}`, {
      source: citedSource(provenance),
      asOf: priced.asOf,
      symbols: [symbol],
      figures: [
        {
          name: '30-day ATM IV',
          value: result.atmIvPercent === null ? 'none' : percent(result.atmIvPercent),
        },
        {
          name: 'IV rank',
          value: result.ivRank === null ? (stats.reason ?? 'none') : result.ivRank.toFixed(0),
        },
      ],
    }),
  };
}
