import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { LinkButton } from '../../../components/ui/link-button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { CtaBanner } from '../../../features/marketing/components/cta-banner';
import { FeatureGrid } from '../../../features/marketing/components/feature-grid';
import { FeatureShowcase } from '../../../features/marketing/components/feature-showcase';
import { PageSection } from '../../../features/marketing/components/page-section';
import { EXTRA_FEATURES } from '../../../features/marketing/data/features-page';

export function FeaturesRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Features"
        intro="Dark pool flow detection, an AI research assistant, an options scanner with edge scoring, trend alerts and performance analytics."
      />
      <PageSection className="pt-4 sm:pt-4">
        <FeatureShowcase />
      </PageSection>
      <PageSection labelledBy="more-features-heading" className="bg-slate-900/30">
        <SectionHeading
          id="more-features-heading"
          eyebrow="And more"
          title="Built for the Whole Trading Day"
        />
        <div className="mt-12">
          <FeatureGrid items={EXTRA_FEATURES} columns={4} />
        </div>
      </PageSection>
      <CtaBanner
        title="See It on Your Own Watchlist"
        text="Every feature is included in the free trial. No credit card required."
      >
        <LinkButton to="/signup" className="px-6 text-base">
          Start Free Trial
        </LinkButton>
        <LinkButton to="/pricing" variant="secondary" className="px-6 text-base">
          View Pricing
        </LinkButton>
      </CtaBanner>
    </PublicLayout>
  );
}
