import { edgeScoreBand } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';

/** An edge score coloured by its band: 80+ excellent, 60+ good, 40+ average, 20+ below average, else poor. */
export function EdgeScoreBadge({ score }: { score: number }) {
  const { label, tone } = edgeScoreBand(score);
  return (
    <Badge tone={tone}>
      {Math.round(score)}
      <span className="sr-only"> ({label})</span>
    </Badge>
  );
}
