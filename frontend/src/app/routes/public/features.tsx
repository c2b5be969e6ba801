import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function FeaturesRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Features"
        intro="Dark pool flow detection, an AI research assistant, an options scanner with edge scoring, trend alerts and performance analytics."
      />
    </PublicLayout>
  );
}
