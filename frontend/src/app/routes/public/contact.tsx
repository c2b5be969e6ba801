import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function ContactRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Contact Us"
        intro="Questions about the product, your account or billing: we are here to help."
      />
    </PublicLayout>
  );
}
