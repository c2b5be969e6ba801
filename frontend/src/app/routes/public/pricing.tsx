import { TRIAL_DAYS } from '@shared/constants/plans';
import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function PricingRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Pricing"
        intro={`Every plan starts with a ${TRIAL_DAYS}-day free trial with all features.`}
      />
    </PublicLayout>
  );
}
