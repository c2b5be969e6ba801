/**
 * The Daily Market Summary: the shared generator, remembered for the day it is for (it is a pure
 * function of that day, so a warm Lambda answers the rest of the day from memory).
 */
import { dailyMarketSummary } from '@shared/market/summary';
import type { DailyMarketSummary } from '@shared/market/summary-schemas';
import { summaryDayAt } from '@shared/market/summary-snapshot';
import { marketNow } from '../common/clock';

let remembered: DailyMarketSummary | null = null;

export function marketSummary(at = marketNow()): DailyMarketSummary {
  const { date } = summaryDayAt(at);
  if (remembered?.date !== date) remembered = dailyMarketSummary(at);
  return remembered;
}
