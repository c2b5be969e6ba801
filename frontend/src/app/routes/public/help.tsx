import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function HelpRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Help Center"
        intro="Guides for the scanner, the research assistant, dark pool flow, alerts and the trading journal."
      />
    </PublicLayout>
  );
}
