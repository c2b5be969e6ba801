import { ScorecardPanel } from '../../../features/feeds/components/scorecard-panel';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { MarketAlerts } from '../../../features/feeds/components/market-alerts';
import { PositionAlerts } from '../../../features/journal/components/position-alerts';
import { NotificationRulesPanel } from '../../../features/notifications/components/notification-rules-panel';
import { useProfile } from '../../../features/profile/api/get-profile';
import { useDataBadge } from '../../../lib/data-badge';

/** Market Alerts (spec 2); browser notifications follow the user's notification preferences. */
export function AlertsRoute() {
  const badge = useDataBadge('flow');
  const profile = useProfile();
  return (
    <>
      <ScreenHeader
        title="Market Alerts"
        subtitle="Unusual flow, volume, breakouts, volatility, dark pool blocks, technical signals and earnings, as they fire."
        badge={badge}
      />
      <MarketAlerts notificationsAllowed={profile.data?.notification_prefs.push_notifications ?? true} />
      <PositionAlerts />
      <ScorecardPanel kind="alerts" />
      <NotificationRulesPanel />
    </>
  );
}
