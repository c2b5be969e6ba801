/**
 * The market regime of a backtest's scan day, from the simulated market's own state (the backtest
 * reports its figures per regime, ./backtest): in order,
 *
 *   crash   the scan session is within CRASH_WINDOW_SESSIONS of a crash regime's first session
 *           (../market/volatility: the 18 sessions of the crash and the weeks its variance takes
 *           to decay; the first starts on 2020-02-24)
 *   bear    SPY's close before the scan day is more than TREND_THRESHOLD below its close
 *           TREND_SESSIONS sessions earlier
 *   bull    more than TREND_THRESHOLD above it
 *   calm    neither: the index within ±5% over three months, outside a crash
 *
 * Reading only the scan day and earlier (a regime is what a trader could have known that day).
 */
import { symbolModel, extendSymbolTo } from '../market/price-model';
import { universeEntry } from '../market/universe';
import { crashSessionAt, extendMarketTo } from '../market/volatility';

export const REGIMES = ['calm', 'bull', 'bear', 'crash'] as const;
export type Regime = (typeof REGIMES)[number];

/** Sessions from a crash regime's first session that count as the crash. */
export const CRASH_WINDOW_SESSIONS = 42;
/** SPY's trailing return over this many sessions, beyond ±TREND_THRESHOLD, is a bull or a bear. */
export const TREND_SESSIONS = 63;
export const TREND_THRESHOLD = 0.05;

/** The regime of the session with trading-day index `index`. */
export function regimeAt(index: number): Regime {
  extendMarketTo(index);
  for (let n = Math.max(1, index - CRASH_WINDOW_SESSIONS + 1); n <= index; n += 1) {
    if (crashSessionAt(n) === 1) return 'crash';
  }
  const spy = symbolModel(universeEntry('SPY')!);
  extendSymbolTo(spy, index);
  const from = Math.max(0, index - 1 - TREND_SESSIONS);
  const trend = spy.close[index - 1]! / spy.close[from]! - 1;
  if (trend < -TREND_THRESHOLD) return 'bear';
  if (trend > TREND_THRESHOLD) return 'bull';
  return 'calm';
}
