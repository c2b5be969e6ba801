import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { RiskyChatter } from '../../../features/feeds/components/risky-chatter';

/** Risky Chatter (spec 2). */
export function RiskyChatterRoute() {
  return (
    <>
      <ScreenHeader
        title="Risky Chatter"
        subtitle="What social platforms are saying about the names that move, with credibility and risk."
        badge={MARKET_DATA_SOURCE_SIMULATED}
      />
      <RiskyChatter />
    </>
  );
}
