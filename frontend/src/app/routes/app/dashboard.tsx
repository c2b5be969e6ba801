import { ProfileSummaryCard } from '../../../features/profile/components/profile-summary-card';
import { ScreenHeader } from '../../../components/layouts/screen-header';

export function DashboardRoute() {
  return (
    <>
      <ScreenHeader title="Dashboard" subtitle="Welcome back! Here's what's happening with your trades." />
      <ProfileSummaryCard />
    </>
  );
}
