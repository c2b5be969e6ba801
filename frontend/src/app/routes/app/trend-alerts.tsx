import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { TrendAlerts } from '../../../features/feeds/components/trend-alerts';
import { useProfile } from '../../../features/profile/api/get-profile';

/** Trend Alerts (spec 2); browser notifications follow the user's notification preferences. */
export function TrendAlertsRoute() {
  const profile = useProfile();
  return (
    <>
      <ScreenHeader
        title="Trend Alerts"
        subtitle="Momentum, breakouts, volume, technical, social and news trends with price indications and evidence."
        badge={MARKET_DATA_SOURCE_SIMULATED}
      />
      <TrendAlerts notificationsAllowed={profile.data?.notification_prefs.push_notifications ?? true} />
    </>
  );
}
