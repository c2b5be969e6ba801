import { ScreenHeader } from '../../../components/layouts/screen-header';
import { RiskyChatter } from '../../../features/feeds/components/risky-chatter';
import { useDataBadge } from '../../../lib/data-badge';

/** Risky Chatter (spec 2). */
export function RiskyChatterRoute() {
  const badge = useDataBadge('social');
  return (
    <>
      <ScreenHeader
        title="Risky Chatter"
        subtitle="What social platforms are saying about the names that move, with credibility and risk."
        badge={badge}
      />
      <RiskyChatter />
    </>
  );
}
