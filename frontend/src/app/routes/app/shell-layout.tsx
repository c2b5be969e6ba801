import { DashboardLayout } from '../../../components/layouts/dashboard-layout';
import { OnboardingTour } from '../../../features/onboarding/components/onboarding-tour';
import { useOnboardingTour } from '../../../features/onboarding/hooks/use-onboarding-tour';
import { useProfile } from '../../../features/profile/api/get-profile';
import { GlobalSearch } from '../../../features/search/components/global-search';
import { FullScreenGrid } from './full-screen-grid';

/** The signed-in shell with its features: search in the top bar, the full-screen grid, the tour. */
export function ShellLayout() {
  const { data: profile } = useProfile();
  const tour = useOnboardingTour(profile);
  return (
    <DashboardLayout
      search={<GlobalSearch />}
      fullScreenView={<FullScreenGrid />}
      onStartTour={tour.start}
      overlays={tour.open && <OnboardingTour key={tour.run} onFinish={tour.finish} onClosed={tour.close} />}
    />
  );
}
