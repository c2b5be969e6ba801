import { PublicLayout } from '../../../components/layouts/public-layout';
import { HelpCenter } from '../../../features/help/components/help-center';
import { SupportCallout } from '../../../features/marketing/components/support-callout';

export function HelpRoute() {
  return (
    <PublicLayout>
      <HelpCenter />
      <SupportCallout />
    </PublicLayout>
  );
}
