import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { LegalDocument } from '../../../features/marketing/components/legal-document';
import { PRIVACY_SECTIONS } from '../../../features/marketing/data/legal';

export function PrivacyRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Privacy Policy"
        intro="What we collect, why, and the rights you have over your data."
      />
      <LegalDocument sections={PRIVACY_SECTIONS} />
    </PublicLayout>
  );
}
