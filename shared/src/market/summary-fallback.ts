/**
 * Spec 8, 'Daily summary failure: falls back to simulated defaults': what the Daily Market
 * Summary shows when GET /api/market-summary cannot be read. No SPY quote, so futures are
 * 'flat' (spec 4); the VIX is drawn between 15 and 30 (spec 9); SPY and QQQ levels are the
 * spec's fixed fallbacks; there is no news. Labelled simulated.
 */
import { VIX_FALLBACK_RANGE } from '../constants/ranges';
import { vixTone } from '../ui/colour-bands';
import type { MarketSummary } from './schemas';
import { futuresDirection, summaryLevels } from './summary-levels';

export const FALLBACK_SECTOR_ROTATION = 'Sector data is unavailable right now.';

export function fallbackMarketSummary(now: Date, random: () => number = Math.random): MarketSummary {
  const { min, max } = VIX_FALLBACK_RANGE;
  const vixLevel = Math.round((min + random() * (max - min)) * 100) / 100;
  const tone = vixTone(vixLevel);
  return {
    overview: {
      futuresDirection: futuresDirection(undefined),
      vixLevel,
      sectorRotation: FALLBACK_SECTOR_ROTATION,
      volatilityOutlook:
        tone === 'red'
          ? 'Elevated (estimated): expect wide swings; keep positions small and risk defined.'
          : tone === 'yellow'
            ? 'Heightened (estimated): premium is richer than usual; favour defined-risk trades.'
            : 'Calm (estimated): premium is modest; debit spreads cost less than usual.',
    },
    levels: { SPY: summaryLevels('SPY', null), QQQ: summaryLevels('QQQ', null) },
    news: [],
    updatedAt: now.toISOString(),
    source: 'simulated',
  };
}
