import { TRIAL_DAYS } from '@shared/constants/plans';
import { PublicLayout } from '../../components/layouts/public-layout';
import { LinkButton } from '../../components/ui/link-button';
import { SectionHeading } from '../../components/ui/section-heading';
import { CtaBanner } from '../../features/marketing/components/cta-banner';
import { FeatureGrid } from '../../features/marketing/components/feature-grid';
import { LandingHero } from '../../features/marketing/components/landing-hero';
import { MarketingClaims } from '../../features/marketing/components/marketing-claims';
import { PageSection } from '../../features/marketing/components/page-section';
import { PricingSection } from '../../features/marketing/components/pricing-section';
import { Testimonials } from '../../features/marketing/components/testimonials';
import { CORE_FEATURES, PROFESSIONAL_FEATURES } from '../../features/marketing/data/landing';

export function LandingRoute() {
  return (
    <PublicLayout>
      <LandingHero />
      <PageSection className="pt-0 sm:pt-0">
        <MarketingClaims />
      </PageSection>
      <PageSection labelledBy="features-heading">
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything You Need to Find Your Edge"
          intro="Six tools built around how options traders actually research a trade."
        />
        <div className="mt-12">
          <FeatureGrid items={CORE_FEATURES} />
        </div>
      </PageSection>
      <PageSection labelledBy="professional-heading" className="bg-slate-900/30">
        <SectionHeading
          id="professional-heading"
          eyebrow="For serious traders"
          title="Professional-Grade Tools"
          intro="The discipline around the trade matters as much as the signal."
        />
        <div className="mt-12">
          <FeatureGrid items={PROFESSIONAL_FEATURES} columns={4} />
        </div>
      </PageSection>
      <PageSection labelledBy="testimonials-heading">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Traders Say" />
        <div className="mt-12">
          <Testimonials />
        </div>
      </PageSection>
      <PricingSection />
      <CtaBanner
        title="Ready to Find Your Edge?"
        text={`Start your ${TRIAL_DAYS}-day free trial with every feature included. No credit card required.`}
      >
        <LinkButton to="/signup" className="px-6 text-base">
          Start {TRIAL_DAYS}-Day Free Trial
        </LinkButton>
        <LinkButton to="/features" variant="secondary" className="px-6 text-base">
          Explore Features
        </LinkButton>
      </CtaBanner>
    </PublicLayout>
  );
}
