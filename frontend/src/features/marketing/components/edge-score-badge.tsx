import { edgeScoreBand } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';

/** An edge score coloured by its band (80+ excellent ... under 20 poor). */
export function EdgeScoreBadge({ score }: { score: number }) {
  const { label, tone } = edgeScoreBand(score);
  return (
    <span title={label}>
      <Badge tone={tone}>
        {score}
        <span className="sr-only"> ({label})</span>
      </Badge>
    </span>
  );
}
