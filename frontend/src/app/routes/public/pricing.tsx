import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function PricingRoute() {
  return (
    <PublicLayout>
      <PageHeader title="Pricing" intro="Every plan starts with a 7-day free trial with all features." />
    </PublicLayout>
  );
}
