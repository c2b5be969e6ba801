import { provenanceLabel, type Provenance } from '../../lib/provenance';

/** The data's source, delay and quote time (and staleness), named for assistive technology too. */
export function ProvenanceBadge({ provenance }: { provenance: Provenance }) {
  const label = provenanceLabel(provenance);
  return (
    <p
      role="note"
      aria-label="Data source"
      title={provenance.stale?.reason}
      className={`text-xs ${provenance.stale ? 'text-amber-200' : 'text-slate-400'}`}
    >
      {label}
    </p>
  );
}
