/**
 * The built-in offline analyst: what answers when no AI model is configured. It reads the
 * question with the same rules as the cards (symbols named, direction, journal intent), calls the
 * same tools the model would (so its answer cites the same way), and writes a short Markdown
 * report: the quote and the day's move, levels, implied volatility, the scanner's top ideas for the
 * ticker in the question's direction, its latest market alerts, the market summary, and the
 * trader's journal figures when asked. Its first line says plainly that no AI model is configured.
 */
import {
  asksAboutJournal,
  journalPeriodIn,
  journalStrategyIn,
  mentions,
  questionDirection,
  symbolsIn,
  type Direction,
} from '@shared/chat/question';
import { scannerStrategyLabel, type ScannerStrategy } from '@shared/constants/strategies';
import { RESISTANCE_FACTOR, SUPPORT_FACTOR } from '@shared/market/summary-levels';
import { universeEntry } from '@shared/market/universe';
import type { Toolbox } from './toolbox';
import { getLiveFeed } from './feed-tools';
import { getJournalStats } from './journal-tools';
import { getIvStats, getMarketSummary, getPriceHistory, getQuotes, scanTool } from './market-tools';
import type { ChatTool } from './tool-kit';

export const OFFLINE_FIRST_LINE =
  "No AI model is configured on this server, so the built-in offline analyst answered from the app's own data.";

/** Symbols the analyst covers in one answer. */
const MAX_SYMBOLS = 3;

/** The scanner strategies that fit a view ('neutral': none in particular, every strategy). */
const STRATEGIES_FOR: Record<Direction, readonly ScannerStrategy[]> = {
  bullish: ['long-call', 'cash-secured-put', 'covered-call'],
  bearish: ['long-put'],
  neutral: [],
};

type ResultOf<T> = T extends ChatTool<infer _S, infer R> ? R : never;
type Idea = ResultOf<typeof scanTool>['results'][number];

const usd = (value: number) =>
  `$${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signedUsd = (value: number) => `${value < 0 ? '-' : value > 0 ? '+' : ''}${usd(value)}`;
const maybeUsd = (value: number | null) => (value === null ? 'unlimited' : usd(value));
const pct = (value: number, digits = 1) => `${value.toFixed(digits)}%`;

function timeOf(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} ET`;
}

function ivReading(rank: number): string {
  if (rank >= 60) return 'options are expensive against the past year, which favours selling premium';
  if (rank <= 30) return 'options are cheap against the past year, which favours buying premium';
  return 'options are priced near the middle of their past-year range';
}

function ideaLine(idea: Idea): string {
  const cost = idea.cost < 0 ? `credit ${usd(-idea.cost)}` : `cost ${usd(idea.cost)}`;
  return (
    `- **${scannerStrategyLabel(idea.strategy)}** ${idea.expiration} (${idea.dte} days), strikes ${idea.strikes.join('/')}: ` +
    `${cost}, max loss ${maybeUsd(idea.maxLoss)}, max profit ${maybeUsd(idea.maxProfit)}, ` +
    `probability of profit ${pct(idea.probabilityOfProfit, 0)}, edge score ${idea.edgeScore}`
  );
}

/** The scanner's ideas for a view, and why a strategy (or the whole scan) found none. */
async function ideasFor(
  toolbox: Toolbox,
  direction: Direction,
  ticker?: string,
): Promise<{ ideas: Idea[]; none: string[] }> {
  const strategies = STRATEGIES_FOR[direction];
  const ideas: Idea[] = [];
  const none: string[] = [];
  const asks: { strategy?: ScannerStrategy; limit: number }[] =
    strategies.length === 0
      ? [{ limit: 3 }]
      : strategies.map((strategy) => ({ strategy, limit: strategies.length === 1 ? 3 : 1 }));
  for (const ask of asks) {
    const outcome = await toolbox.run(scanTool, { ticker, ...ask });
    if (!outcome.ok) continue;
    ideas.push(...outcome.result.results);
    if (outcome.result.results.length === 0 && outcome.result.emptyReason)
      none.push(
        `- ${ask.strategy ? `${scannerStrategyLabel(ask.strategy)}: ` : ''}${outcome.result.emptyReason}`,
      );
  }
  return { ideas, none };
}

async function symbolSection(
  toolbox: Toolbox,
  symbol: string,
  quote: ResultOf<typeof getQuotes>['quotes'][number] | undefined,
  direction: Direction,
): Promise<string[]> {
  const entry = universeEntry(symbol)!;
  const lines = [`### ${symbol} — ${entry.name}`];
  if (quote) {
    const price = Number(quote.price);
    lines.push(
      `- **Price** ${usd(price)}, ${quote.change} (${quote.changePercent}) today, as of ${timeOf(quote.timestamp)}; volume ${quote.volume}.`,
      `- **Levels** support ${usd(price * SUPPORT_FACTOR)} and resistance ${usd(price * RESISTANCE_FACTOR)} (98% / 102%)` +
        (quote.fiftyTwoWeekLow
          ? `; 52-week range $${quote.fiftyTwoWeekLow} – $${quote.fiftyTwoWeekHigh}.`
          : '.'),
    );
  }
  const history = await toolbox.run(getPriceHistory, { symbol, range: '1M' });
  if (history.ok) {
    const h = history.result;
    lines.push(
      `- **Past month** ${h.changePercent >= 0 ? '+' : ''}${pct(h.changePercent, 2)}, between ${usd(h.low)} and ${usd(h.high)}.`,
    );
  }
  if (entry.kind === 'index') return lines;
  const iv = await toolbox.run(getIvStats, { symbol });
  if (iv.ok) {
    const v = iv.result;
    lines.push(
      (v.atmIvPercent === null
        ? `- **Implied volatility**: the chain has no 30-day at-the-money IV.`
        : v.ivRank === null || v.ivPercentile === null
          ? `- **Implied volatility** ${pct(v.atmIvPercent)} (30-day at the money): IV rank ${v.ivRankNote ?? 'not known'}.`
          : `- **Implied volatility** ${pct(v.atmIvPercent)} (30-day at the money): IV rank ${v.ivRank.toFixed(0)}, IV percentile ${v.ivPercentile.toFixed(0)}, so ${ivReading(v.ivRank)}.`) +
        (v.nextEarnings ? ` Next earnings ${v.nextEarnings}.` : ''),
    );
  }
  const alerts = await toolbox.run(getLiveFeed, { feed: 'alerts', ticker: symbol, limit: 3 });
  if (alerts.ok && alerts.result.items.length > 0)
    lines.push(
      `- **Recent alerts** ${alerts.result.items.map((a) => `${String(a.message)} (${timeOf(String(a.time))})`).join('; ')}.`,
    );
  const { ideas, none } = await ideasFor(toolbox, direction, symbol);
  const view = direction === 'neutral' ? '' : ` for a ${direction} view`;
  lines.push(
    '',
    ideas.length > 0
      ? `Top scanner ideas${view} on ${symbol}:`
      : `The scanner found no positions${view} on ${symbol}.`,
    ...ideas.map(ideaLine),
    ...none,
  );
  return lines;
}

async function marketSection(toolbox: Toolbox): Promise<string[]> {
  const outcome = await toolbox.run(getMarketSummary, {});
  if (!outcome.ok) return [];
  const { overview, levels, closeOf, news } = outcome.result;
  return [
    `### The market (close of ${closeOf})`,
    `- Futures **${overview.futuresDirection}**, VIX ${overview.vixLevel.toFixed(2)}. ${overview.volatilityOutlook}`,
    `- ${overview.sectorRotation}`,
    `- SPY support ${usd(levels.SPY.support)}, resistance ${usd(levels.SPY.resistance)}; QQQ support ${usd(levels.QQQ.support)}, resistance ${usd(levels.QQQ.resistance)}.`,
    ...news.slice(0, 3).map((n) => `- _${n.impact} impact:_ ${n.title}`),
  ];
}

async function journalSection(
  toolbox: Toolbox,
  question: string,
  ticker: string | undefined,
  now: Date,
  timeZone: string,
): Promise<string[]> {
  const strategy = journalStrategyIn(question);
  const period = journalPeriodIn(question, now, timeZone);
  const outcome = await toolbox.run(getJournalStats, {
    strategy,
    ticker,
    ...(period ? { from: period.from, to: period.to } : {}),
  });
  const scope = [strategy && `${strategy} trades`, ticker && `on ${ticker}`, period?.label]
    .filter(Boolean)
    .join(' ');
  const heading = `### Your journal${scope ? `: ${scope}` : ''}`;
  if (!outcome.ok) return [heading, `Your journal could not be read right now (${outcome.error}).`];
  const s = outcome.result;
  if (s.total_trades === 0) return [heading, 'No trades in your journal match this question.'];
  const lines = [
    heading,
    `- **${s.total_trades} trades**, ${s.closed_trades} closed and ${s.open_trades} open.`,
    `- **Win rate** ${pct(s.win_rate)}; **total P&L** ${signedUsd(s.total_pnl)} (average win ${signedUsd(s.avg_win)}, average loss ${signedUsd(s.avg_loss)}${s.profit_factor === null ? '' : `, profit factor ${s.profit_factor.toFixed(2)}`}).`,
  ];
  if (s.best_trade && s.worst_trade)
    lines.push(
      `- Best ${s.best_trade.ticker} ${s.best_trade.strategy} ${signedUsd(s.best_trade.pnl)}; worst ${s.worst_trade.ticker} ${s.worst_trade.strategy} ${signedUsd(s.worst_trade.pnl)}; largest drawdown ${usd(s.max_drawdown)}.`,
    );
  if (!strategy && s.by_strategy.length > 1)
    lines.push(
      `- By strategy: ${s.by_strategy
        .slice(0, 4)
        .map((g) => `${g.key} ${signedUsd(g.pnl)} (${g.trades} closed)`)
        .join('; ')}.`,
    );
  return lines;
}

export async function offlineAnswer(
  question: string,
  toolbox: Toolbox,
  now: Date,
  timeZone: string,
): Promise<string> {
  const direction = questionDirection(question);
  const journal = asksAboutJournal(question);
  const named = symbolsIn(question).slice(0, MAX_SYMBOLS);
  const aboutMarket = mentions(question, ['market', 'markets', 'index', 'indexes', 'indices']);
  const sections: string[][] = [];

  if (direction !== 'neutral')
    sections.push([
      `You asked with a **${direction}** view; the ideas below are ${direction === 'bullish' ? 'call and premium-selling strategies that gain when the price rises or holds' : 'put strategies that gain when the price falls'}.`,
    ]);
  if (journal) sections.push(await journalSection(toolbox, question, named[0], now, timeZone));
  if (named.length > 0) {
    const quotes = await toolbox.run(getQuotes, { symbols: named });
    for (const symbol of named) {
      const quote = quotes.ok ? quotes.result.quotes.find((q) => q.symbol === symbol) : undefined;
      sections.push(await symbolSection(toolbox, symbol, quote, direction));
    }
  }
  if (aboutMarket || (named.length === 0 && !journal)) {
    sections.push(await marketSection(toolbox));
    if (named.length === 0) {
      const { ideas } = await ideasFor(toolbox, direction);
      const view = direction === 'neutral' ? '' : ` for a ${direction} view`;
      if (ideas.length > 0)
        sections.push([`Top scanner ideas${view} across the market:`, ...ideas.map(ideaLine)]);
    }
  }
  return [
    OFFLINE_FIRST_LINE,
    '',
    ...sections.flatMap((section) => [...section, '']),
    '_Market figures come from the simulated market model; the sources are listed below. Research, not investment advice._',
  ].join('\n');
}
