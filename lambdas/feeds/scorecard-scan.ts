/**
 * The default scan's picks on a real chain stage (docs/decisions/signal-scorecards.md): recorded
 * once a session at the scan scorecard's instant (SCAN_PICK_MINUTE after the open, as the
 * simulated scan's) from the shared chain snapshot's minute nearest it, valued at 1 hour and 1 day
 * from the minute nearest each horizon (closing the legs at the bid and ask), and at expiry from the
 * recorded close. A minute not found within LIVE_VALUE_WINDOW_MS leaves the horizon unvalued (null),
 * never a simulated number.
 */
import { newYorkInstant, nextSessionOpen, sessionOf } from '@shared/market/calendar';
import { realChainSnapshot, type RealChainHistory } from '@shared/options/real-chain';
import { SCANNABLE_SYMBOLS, type UniverseSnapshot } from '@shared/options/snapshot';
import type { ChainProviderName } from '@shared/providers/chains/chain';
import type { PricedChain } from '@shared/providers/chains/price-real-chain';
import { SNAPSHOT_KEPT_DAYS } from '@shared/providers/chains/shared-snapshot';
import { expirationClose } from '@shared/scorecards/horizons';
import { pickExpiration, settlementValue } from '@shared/scorecards/positions';
import { realClosingValue, realScanPicks } from '@shared/scorecards/real-scan';
import { SCAN_PICK_MINUTE, type SignalRecord } from '@shared/scorecards/schemas';
import { carryOf } from '../market/service';

const DAY_MS = 86_400_000;

/** A minute of the stage's chain snapshot. */
export interface ChainMinute {
  provider: ChainProviderName;
  /** The symbols it names. */
  symbols: readonly string[];
  /** A symbol's chain of that minute, priced, fetched within the window of the instant asked; else null. */
  chain(symbol: string): Promise<PricedChain | null>;
}

export interface ScanChains {
  /**
   * The snapshot's minute nearest a market instant within LIVE_VALUE_WINDOW_MS, never one written
   * after `notAfter` (the run's instant); null when there is none. Throws when the store fails.
   */
  minuteNear(at: Date, notAfter: Date): Promise<ChainMinute | null>;
  /** The symbol's real history the snapshot job keeps (daily closes, recorded IVs): the scan's forecast and IV rank. */
  history(symbol: string, provider: ChainProviderName): Promise<RealChainHistory>;
}

/** When a session's pick is made: SCAN_PICK_MINUTE after its open (the simulated scan's instant). */
export function scanPickInstant(dayNumber: number): Date | null {
  const session = sessionOf(dayNumber);
  return session ? newYorkInstant(dayNumber, session.open + SCAN_PICK_MINUTE) : null;
}

/**
 * A session's picks from the real snapshot's minute nearest its pick instant: every scannable
 * symbol's chain as the scanner's snapshot, scanned together. Undefined while no minute is found
 * and one may still come (or the store failed): ask again at the next run. [] when none came
 * within the window, or the minute is another provider's.
 */
export async function recordRealPicks(
  chains: ScanChains,
  provider: ChainProviderName,
  pickAt: Date,
  now: Date,
  windowMs: number,
): Promise<SignalRecord[] | undefined> {
  let minute: ChainMinute | null;
  try {
    minute = await chains.minuteNear(pickAt, now);
  } catch {
    return undefined;
  }
  if (!minute) return now.getTime() - pickAt.getTime() > windowMs ? [] : undefined;
  if (minute.provider !== provider) return [];
  const scannable = new Set(SCANNABLE_SYMBOLS);
  const snapshots: UniverseSnapshot[] = [];
  // One chain decoded at a time: a snapshot's chains are hundreds of KB of JSON each.
  for (const symbol of minute.symbols) {
    if (!scannable.has(symbol)) continue;
    let priced: PricedChain | null;
    try {
      priced = await minute.chain(symbol);
    } catch {
      return undefined;
    }
    if (!priced || !(priced.spot > 0)) continue;
    let history: RealChainHistory;
    try {
      history = await chains.history(symbol, provider);
    } catch {
      return undefined;
    }
    try {
      snapshots.push(realChainSnapshot(priced, carryOf(symbol, new Date(priced.asOf)), history));
    } catch {
      // A chain the scanner cannot read is left out of the scan, as the scan route would fail on it alone.
    }
  }
  return realScanPicks(snapshots, pickAt, provider);
}

export interface PickValueDeps {
  scanChains?: ScanChains;
  recordedClose?: (ticker: string, day: string) => Promise<number | null>;
}

/**
 * A real pick's value at a horizon due at `due`: from its expiry on, the legs settled at the
 * expiration day's recorded close (waiting for it until the next session opens); before, its legs
 * closed at the bid and ask of the snapshot's minute nearest the horizon. Null when there is none
 * (not recorded, not quoted); undefined: not yet, ask again at the next run.
 */
export async function realPickValue(
  deps: PickValueDeps,
  signal: SignalRecord,
  due: Date,
  now: Date,
  windowMs: number,
): Promise<number | null | undefined> {
  const expiration = pickExpiration(signal.legs);
  if (!expiration || !signal.legs) return null;
  const settles = expirationClose(expiration);
  if (due.getTime() >= settles.getTime()) {
    if (!deps.recordedClose) return null;
    const waiting = now.getTime() < nextSessionOpen(settles).getTime();
    try {
      const close = await deps.recordedClose(signal.ticker, expiration);
      if (close !== null) return settlementValue(signal.legs, close);
    } catch {
      // The store could not be read: as not recorded yet.
    }
    return waiting ? undefined : null;
  }
  if (!deps.scanChains) return null;
  const late = now.getTime() - due.getTime() > windowMs;
  try {
    const minute = await deps.scanChains.minuteNear(due, now);
    const chain = minute ? await minute.chain(signal.ticker) : null;
    if (!chain) return late ? null : undefined;
    return realClosingValue(signal, chain);
  } catch {
    // The store failed: asked again at the next run, while the minutes are kept.
    return now.getTime() - due.getTime() > SNAPSHOT_KEPT_DAYS * DAY_MS ? null : undefined;
  }
}
