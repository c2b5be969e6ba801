/**
 * The simulated market's signals and values. The simulated feeds and the default scan are
 * deterministic functions of time, so any past session's signals can be replayed exactly as they
 * appeared and valued at their horizons from the same market model: a simulated stage has a
 * 90-day scorecard on its first day, labelled simulated.
 */
import { CappedMap } from '../cache/capped-map';
import { feedItemsBetween } from '../feeds/generate';
import { newYorkInstant, sessionOf } from '../market/calendar';
import { pricePoint, marketClock } from '../market/price-model';
import { universeEntry } from '../market/universe';
import { generateChain, type ChainData } from '../options/chain';
import { DEFAULT_SCAN } from '../options/backtest';
import { scanFiltersSchema } from '../options/scan-filters';
import { scan } from '../options/scanner';
import { universeSnapshot } from '../options/snapshot';
import { expirationClose } from './horizons';
import { closingValue, pickExpiration, settlementValue, type LegQuote } from './positions';
import { SCAN_PICK_MINUTE, SCAN_PICKS_PER_SESSION, type ScorecardKind, type SignalRecord } from './schemas';
import { alertSignal, printSignal, scanPickSignal } from './signals';

/** The last replays (a day of each kind a few times over), by kind and window. */
const replays = new CappedMap<string, SignalRecord[]>(9);

/**
 * A New York trading day's simulated signals of a kind that appeared after `fromExclusive` and up
 * to `toInclusive` (epoch ms; by default the whole session), oldest first. None on a day without a session.
 */
export function simulatedSignals(
  kind: ScorecardKind,
  dayNumber: number,
  fromExclusive = -Infinity,
  toInclusive = Infinity,
): SignalRecord[] {
  const session = sessionOf(dayNumber);
  if (!session) return [];
  const from = Math.max(newYorkInstant(dayNumber, session.open).getTime() - 1, fromExclusive);
  const to = Math.min(newYorkInstant(dayNumber, session.close).getTime(), toInclusive);
  if (to <= from) return [];
  // A run that failed is run again over the same days: their replay is kept (copies handed out).
  const key = `${kind}|${from}|${to}`;
  let signals = replays.get(key);
  if (!signals) {
    signals = replay(kind, dayNumber, session.open, from, to);
    replays.set(key, signals);
  }
  return structuredClone(signals);
}

function replay(kind: ScorecardKind, dayNumber: number, open: number, from: number, to: number) {
  if (kind === 'alerts')
    return feedItemsBetween('alerts', from, to).flatMap((item) => alertSignal(item) ?? []);
  if (kind === 'darkpool')
    return feedItemsBetween('darkpool', from, to).flatMap((item) => printSignal(item) ?? []);
  const at = newYorkInstant(dayNumber, open + SCAN_PICK_MINUTE);
  if (at.getTime() <= from || at.getTime() > to) return [];
  const results = scan(universeSnapshot(at), scanFiltersSchema.parse(DEFAULT_SCAN)).results;
  return results
    .slice(0, SCAN_PICKS_PER_SESSION)
    .flatMap((pick, rank) => scanPickSignal(pick, rank + 1, at) ?? []);
}

/** The simulated market's price of a symbol at an instant (its close when the market is shut); null if unknown. */
export function simulatedPrice(ticker: string, at: Date): number | null {
  const entry = universeEntry(ticker);
  return entry ? pricePoint(entry, marketClock(at)).price : null;
}

/** A contract's bid and ask in a chain, or null when the chain no longer lists it. */
function quoteIn(chain: ChainData): LegQuote {
  return (kind, strike, expiration) => {
    const e = chain.expirations.indexOf(expiration);
    if (e < 0) return null;
    for (let i = chain.expirationStart[e]!; i < chain.expirationStart[e + 1]!; i += 1) {
      if (chain.strike[i] === strike && (chain.isCall[i] === 1) === (kind === 'call'))
        return { bid: chain.bid[i]!, ask: chain.ask[i]! };
    }
    return null;
  };
}

/**
 * What closing a pick's position would bring at an instant, per share (./positions): at the
 * executable prices, or from its expiry on settled at the expiration day's close. Null when a leg
 * is not quoted.
 */
export function simulatedPositionValue(record: SignalRecord, at: Date): number | null {
  const legs = record.legs ?? [];
  const expiration = pickExpiration(legs);
  if (!expiration) return null;
  const settles = expirationClose(expiration);
  if (at.getTime() >= settles.getTime()) {
    const spot = simulatedPrice(record.ticker, settles);
    return spot === null ? null : settlementValue(legs, spot);
  }
  if (!universeEntry(record.ticker)) return null;
  const chain = generateChain(record.ticker, at);
  return closingValue(legs, chain.spot, quoteIn(chain));
}

/** A simulated signal's value at an instant: the underlying's price, or a pick's closing value. */
export function simulatedValue(record: SignalRecord, at: Date): number | null {
  return record.legs ? simulatedPositionValue(record, at) : simulatedPrice(record.ticker, at);
}
