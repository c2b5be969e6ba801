import type { MarketDataSources } from '@shared/config/app-config';
import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { DATA_SOURCE_LABELS } from '@shared/market/schemas';
import { feedProviderLabels } from '@shared/providers/feeds/feed-providers';
import { useAppConfig } from './app-config';

const providerLabels: Record<string, string> = { ...feedProviderLabels, ...DATA_SOURCE_LABELS };

/**
 * A screen's source badge from the stage's configuration (/config.json): "Simulated data", or the
 * provider's ("CBOE data · 15 min delayed"), so the title never says simulated over real items.
 */
export function dataBadgeText(provider: string | undefined): string {
  if (provider === undefined || provider === 'simulated') return MARKET_DATA_SOURCE_SIMULATED;
  const label = `${providerLabels[provider] ?? provider} data`;
  return provider === 'cboe' ? `${label} · 15 min delayed` : label;
}

/** The badge of a screen whose data is of that kind, on this stage. */
export function useDataBadge(kind: keyof MarketDataSources): string {
  return dataBadgeText(useAppConfig().marketData?.[kind]);
}
