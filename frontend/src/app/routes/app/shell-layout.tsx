import { Suspense, lazy } from 'react';
import { DashboardLayout } from '../../../components/layouts/dashboard-layout';
import { Spinner } from '../../../components/ui/spinner';
import { useOnboardingTour } from '../../../features/onboarding/hooks/use-onboarding-tour';
import { useProfile } from '../../../features/profile/api/get-profile';
import { GlobalSearch } from '../../../features/search/components/global-search';
import { DailySummaryGate } from './daily-summary-gate';

// Loaded when first shown: most visits never open the grid, and the tour shows once.
const FullScreenGrid = lazy(async () => ({ default: (await import('./full-screen-grid')).FullScreenGrid }));
const OnboardingTour = lazy(async () => ({
  default: (await import('../../../features/onboarding/components/onboarding-tour')).OnboardingTour,
}));

/** The signed-in shell with its features: search in the top bar, the full-screen grid, the tour, the daily summary. */
export function ShellLayout() {
  const { data: profile } = useProfile();
  const tour = useOnboardingTour(profile);
  return (
    <DashboardLayout
      search={<GlobalSearch />}
      fullScreenView={
        <Suspense
          fallback={
            <div className="flex justify-center p-10 text-emerald-400">
              <Spinner className="size-8" />
            </div>
          }
        >
          <FullScreenGrid />
        </Suspense>
      }
      onStartTour={tour.start}
      overlays={
        <>
          {tour.open && (
            <Suspense fallback={null}>
              <OnboardingTour key={tour.run} onFinish={tour.finish} onClosed={tour.close} />
            </Suspense>
          )}
          <DailySummaryGate />
        </>
      }
    />
  );
}
