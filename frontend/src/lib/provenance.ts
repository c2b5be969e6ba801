import { provenanceParts, type QuoteProvenance } from '@shared/market/schemas';

/** A chain's, a scan's or real quotes' provenance: the same fields on each. */
export type Provenance = QuoteProvenance;

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
export function provenanceLabel(provenance: Provenance): string {
  const parts = provenanceParts(provenance);
  if (provenance.source === 'simulated') return parts.join(' · ');
  const [name, ...rest] = parts;
  const stale = provenance.stale ? rest.pop() : undefined;
  return [
    name,
    ...rest,
    `as of ${quoteTime.format(new Date(provenance.asOf))} ET`,
    ...(stale ? [stale] : []),
  ].join(' · ');
}
