import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';

export function CareersRoute() {
  return (
    <PublicLayout>
      <PageHeader title="Careers" intro="Help us build the research tools options traders rely on." />
    </PublicLayout>
  );
}
