import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function AboutRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="About"
        intro="Why we build AI-assisted research tools for options traders, and the team behind them."
      />
    </PublicLayout>
  );
}
