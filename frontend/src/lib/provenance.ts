import type { QuoteProvenance } from '@shared/market/schemas';

/** A chain's, a scan's or real quotes' provenance: the same fields on each. */
export type Provenance = QuoteProvenance;

const PROVIDER_NAMES: Record<Provenance['source'], string> = {
  simulated: 'Simulated',
  cboe: 'CBOE',
  polygon: 'Polygon',
};

const quoteTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Where the numbers come from, in one line: 'Simulated', or e.g.
 * 'CBOE · 15 min delayed · as of 3:59 PM ET', with ' · stale, 12 min old' when the provider's
 * latest answer failed and its last good chain is shown.
 */
export function provenanceLabel({ source, delayed, stale, asOf }: Provenance): string {
  if (source === 'simulated') return PROVIDER_NAMES.simulated;
  const parts = [PROVIDER_NAMES[source]];
  if (delayed) parts.push(source === 'cboe' ? '15 min delayed' : 'delayed');
  parts.push(`as of ${quoteTime.format(new Date(asOf))} ET`);
  if (stale) parts.push(`stale, ${Math.max(1, Math.round(stale.ageSeconds / 60))} min old`);
  return parts.join(' · ');
}
