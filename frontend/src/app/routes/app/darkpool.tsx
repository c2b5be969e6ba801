import { ScorecardPanel } from '../../../features/feeds/components/scorecard-panel';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { DarkPoolAnalyzer } from '../../../features/feeds/components/dark-pool-analyzer';
import { useDataBadge } from '../../../lib/data-badge';

/** Dark Pool Flow Analyzer (spec 2). */
export function DarkPoolRoute() {
  const badge = useDataBadge('darkPool');
  return (
    <>
      <ScreenHeader
        title="Dark Pool Flow Analyzer"
        subtitle="Institutional block prints, human versus algorithmic patterns, and the edge each one carries."
        badge={badge}
      />
      <DarkPoolAnalyzer />
      <ScorecardPanel kind="darkpool" />
    </>
  );
}
