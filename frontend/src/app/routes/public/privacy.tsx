import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function PrivacyRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Privacy Policy"
        intro="What we collect, why, and the rights you have over your data."
      />
    </PublicLayout>
  );
}
