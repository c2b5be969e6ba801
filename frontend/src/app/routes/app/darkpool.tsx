import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { ScorecardPanel } from '../../../features/feeds/components/scorecard-panel';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { DarkPoolAnalyzer } from '../../../features/feeds/components/dark-pool-analyzer';

/** Dark Pool Flow Analyzer (spec 2). */
export function DarkPoolRoute() {
  return (
    <>
      <ScreenHeader
        title="Dark Pool Flow Analyzer"
        subtitle="Institutional block prints, human versus algorithmic patterns, and the edge each one carries."
        badge={MARKET_DATA_SOURCE_SIMULATED}
      />
      <DarkPoolAnalyzer />
      <ScorecardPanel kind="darkpool" />
    </>
  );
}
