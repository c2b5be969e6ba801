import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function TermsRoute() {
  return (
    <PublicLayout>
      <PageHeader title="Terms of Service" intro="The terms that govern your use of the service." />
    </PublicLayout>
  );
}
