import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { ScorecardPanel } from '../../../features/feeds/components/scorecard-panel';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { MarketAlerts } from '../../../features/feeds/components/market-alerts';
import { NotificationRulesPanel } from '../../../features/notifications/components/notification-rules-panel';
import { useProfile } from '../../../features/profile/api/get-profile';

/** Market Alerts (spec 2); browser notifications follow the user's notification preferences. */
export function AlertsRoute() {
  const profile = useProfile();
  return (
    <>
      <ScreenHeader
        title="Market Alerts"
        subtitle="Unusual flow, volume, breakouts, volatility, dark pool blocks, technical signals and earnings, as they fire."
        badge={MARKET_DATA_SOURCE_SIMULATED}
      />
      <MarketAlerts notificationsAllowed={profile.data?.notification_prefs.push_notifications ?? true} />
      <ScorecardPanel kind="alerts" />
      <NotificationRulesPanel />
    </>
  );
}
