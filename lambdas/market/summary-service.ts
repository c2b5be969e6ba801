/**
 * The Daily Market Summary: the shared generator, remembered for the day it is for (it is a pure
 * function of that day, so a warm Lambda answers the rest of the day from memory), with the
 * stage's news provider's stories in place of the simulated ones when NEWS_PROVIDER names one
 * (lambdas/feeds/news-source.ts).
 */
import { dailyMarketSummary } from '@shared/market/summary';
import type { DailyMarketSummary } from '@shared/market/summary-schemas';
import { summaryDayAt } from '@shared/market/summary-snapshot';
import { marketNow } from '../common/clock';
import { configuredNewsSource, withProviderNews } from '../feeds/news-source';

let remembered: DailyMarketSummary | null = null;

export function marketSummary(at = marketNow()): DailyMarketSummary {
  const { date } = summaryDayAt(at);
  if (remembered?.date !== date) remembered = dailyMarketSummary(at);
  return remembered;
}

const newsSource = configuredNewsSource();

/** The summary as served: the day's figures, and the stage's news (the provider's, or the simulated wire's). */
export async function servedMarketSummary(at = marketNow()): Promise<DailyMarketSummary> {
  const summary = marketSummary(at);
  return newsSource ? withProviderNews(summary, await newsSource.news(at)) : summary;
}
