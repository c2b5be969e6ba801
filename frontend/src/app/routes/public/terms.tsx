import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { LegalDocument } from '../../../features/marketing/components/legal-document';
import { TERMS_SECTIONS } from '../../../features/marketing/data/legal';

export function TermsRoute() {
  return (
    <PublicLayout>
      <PageHeader title="Terms of Service" intro="The terms that govern your use of the service." />
      <LegalDocument sections={TERMS_SECTIONS} />
    </PublicLayout>
  );
}
