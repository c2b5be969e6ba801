/**
 * Reading a research question: which symbols it names, which way it leans, and whether (and over
 * which period and strategy) it asks about the trader's own journal. Words are matched whole and
 * case-insensitively unless said otherwise ('call' matches 'calls' but not 'recall').
 */
import { calendarDay, DEFAULT_TIME_ZONE } from '../format/calendar-day';
import { JOURNAL_STRATEGIES, type JournalStrategy } from '../constants/strategies';
import { universeEntry } from '../market/universe';

export type Direction = 'bullish' | 'bearish' | 'neutral';

export function mentions(text: string, wordPatterns: readonly string[]): boolean {
  return wordPatterns.some((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));
}

/** Lower-case spellings that are ordinary words, so only their upper-case (or $) form names the symbol. */
const WORD_SYMBOLS = new Set([
  'ARM', 'CAT', 'COIN', 'COST', 'DELL', 'DIA', 'DIS', 'HOOD', 'META', 'PEP', 'PLUG', 'SHOP', 'SNAP', 'SNOW', 'UBER',
]); // prettier-ignore

/** Company names people write instead of the ticker. */
const NAME_ALIASES: Record<string, string> = {
  apple: 'AAPL',
  microsoft: 'MSFT',
  nvidia: 'NVDA',
  google: 'GOOGL',
  alphabet: 'GOOGL',
  amazon: 'AMZN',
  tesla: 'TSLA',
  netflix: 'NFLX',
  broadcom: 'AVGO',
  intel: 'INTC',
  salesforce: 'CRM',
  oracle: 'ORCL',
  adobe: 'ADBE',
  paypal: 'PYPL',
  disney: 'DIS',
  cisco: 'CSCO',
  qualcomm: 'QCOM',
  micron: 'MU',
  palantir: 'PLTR',
  coinbase: 'COIN',
  robinhood: 'HOOD',
  boeing: 'BA',
  walmart: 'WMT',
  costco: 'COST',
  pfizer: 'PFE',
  exxon: 'XOM',
  chevron: 'CVX',
};

/**
 * Symbols of the market's universe a question names, in the order it names them: an upper-case
 * ticker of two or more letters ('AMD', 'BRK.B'), any ticker as a cashtag ('$f'), a ticker of three
 * or more letters in lower case unless it is an ordinary word ('nvda' yes, 'shop' no), or a company
 * name from a short list ('Tesla').
 */
export function symbolsIn(question: string): string[] {
  const found: { symbol: string; at: number }[] = [];
  const add = (symbol: string | undefined, at: number) => {
    if (symbol && !found.some((f) => f.symbol === symbol)) found.push({ symbol, at });
  };
  const consider = (word: string, cashtag: boolean, at: number) => {
    const upper = word.toUpperCase();
    const entry = universeEntry(upper);
    if (entry) {
      const isUpper = word === upper;
      if (cashtag || (isUpper && upper.length >= 2) || (upper.length >= 3 && !WORD_SYMBOLS.has(upper)))
        add(entry.symbol, at);
    } else if (/[.-]/.test(word)) {
      // 'SPY-QQQ', 'AAPL.': the parts on their own.
      for (const part of word.split(/[.-]/)) if (part) consider(part, false, at);
    } else {
      add(NAME_ALIASES[word.toLowerCase()], at);
    }
  };
  for (const match of question.matchAll(/(\$?)([A-Za-z][A-Za-z.-]*[A-Za-z]|[A-Za-z])/g))
    consider(match[2]!, match[1] === '$', match.index);
  return found.sort((a, b) => a.at - b.at).map((f) => f.symbol);
}

/** Symbols of `symbolsIn` that have listed options to scan (not the VIX or the dollar index). */
export function scannableSymbolsIn(question: string): string[] {
  return symbolsIn(question).filter((symbol) => universeEntry(symbol)?.kind !== 'index');
}

/** Spec 9: 'bullish' or 'call' leans bullish, 'bearish' or 'put' bearish (bullish wins); else neutral. */
export function questionDirection(question: string): Direction {
  if (mentions(question, ['bullish', 'calls?'])) return 'bullish';
  if (mentions(question, ['bearish', 'puts?'])) return 'bearish';
  return 'neutral';
}

/** Whether the question is about the trader's own trades. */
export function asksAboutJournal(question: string): boolean {
  return (
    mentions(question, [
      'journal',
      'my trades?',
      'my trading',
      'my positions?',
      'my p&l',
      'my pnl',
      'my win rate',
      'my portfolio',
    ]) ||
    /\bmy\b[^.?!]*\b(trades?|condors?|calls|puts|straddles?|strangles?|spreads?|butterfl(y|ies)|collars?|p&l|pnl|win rate|performance|results?)\b/i.test(
      question,
    )
  );
}

/** A journal strategy the question names, singular or plural ('iron condors' → 'Iron Condor'). */
export function journalStrategyIn(question: string): JournalStrategy | undefined {
  const byLength = [...JOURNAL_STRATEGIES].sort((a, b) => b.length - a.length);
  return byLength.find((strategy) => {
    const words = strategy.toLowerCase().split(' ');
    const last = words.pop()!;
    const plural = last.endsWith('y') ? `${last.slice(0, -1)}(y|ies)` : `${last}s?`;
    return mentions(question, [[...words, plural].join('[\\s-]+')]);
  });
}

export interface JournalPeriod {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/**
 * The period a journal question names, in the trader's time zone: today, yesterday, this or last
 * week (Monday to Sunday), month, quarter or year, or year to date. Undefined when it names none.
 */
export function journalPeriodIn(
  question: string,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): JournalPeriod | undefined {
  const today = calendarDay(now, timeZone);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const quarterStart = Math.floor((month - 1) / 3) * 3 + 1;
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7; // Monday 0
  const periods: [RegExp, () => JournalPeriod][] = [
    [/\btoday\b/i, () => ({ from: today, to: today, label: 'today' })],
    [/\byesterday\b/i, () => ({ from: isoDay(year, month, day - 1), to: isoDay(year, month, day - 1), label: 'yesterday' })],
    [/\bthis week\b/i, () => ({ from: isoDay(year, month, day - weekday), to: today, label: 'this week' })],
    [/\blast week\b/i, () => ({ from: isoDay(year, month, day - weekday - 7), to: isoDay(year, month, day - weekday - 1), label: 'last week' })],
    [/\bthis month\b/i, () => ({ from: isoDay(year, month, 1), to: today, label: 'this month' })],
    [/\blast month\b/i, () => ({ from: isoDay(year, month - 1, 1), to: isoDay(year, month, 0), label: 'last month' })],
    [/\bthis quarter\b/i, () => ({ from: isoDay(year, quarterStart, 1), to: today, label: 'this quarter' })],
    [/\blast quarter\b/i, () => ({ from: isoDay(year, quarterStart - 3, 1), to: isoDay(year, quarterStart, 0), label: 'last quarter' })],
    [/\b(this year|year to date|ytd)\b/i, () => ({ from: isoDay(year, 1, 1), to: today, label: 'this year' })],
    [/\blast year\b/i, () => ({ from: isoDay(year - 1, 1, 1), to: isoDay(year - 1, 12, 31), label: 'last year' })],
  ]; // prettier-ignore
  return periods.find(([pattern]) => pattern.test(question))?.[1]();
}
