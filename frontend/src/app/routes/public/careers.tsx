import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { AnchorButton } from '../../../components/ui/link-button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { CtaBanner } from '../../../features/marketing/components/cta-banner';
import { FeatureGrid } from '../../../features/marketing/components/feature-grid';
import { OpenPositions } from '../../../features/marketing/components/open-positions';
import { PageSection } from '../../../features/marketing/components/page-section';
import { StatGrid } from '../../../features/marketing/components/stat-grid';
import { CONTACT_EMAILS, mailtoHref } from '../../../features/marketing/contact-details';
import { CAREER_BENEFITS, CAREER_VALUES, OPEN_POSITIONS } from '../../../features/marketing/data/careers';
import { OFFICES } from '../../../features/marketing/data/contact';

const careerStats = [
  { label: 'Open Positions', value: String(OPEN_POSITIONS.length) },
  { label: 'Offices', value: String(OFFICES.length) },
  { label: 'Work Style', value: 'Remote-first' },
  { label: 'Salary Ranges', value: 'Published' },
];

export function CareersRoute() {
  return (
    <PublicLayout>
      <PageHeader title="Careers" intro="Help us build the research tools options traders rely on." />
      <PageSection className="pt-0 sm:pt-0">
        <StatGrid stats={careerStats} />
      </PageSection>
      <PageSection labelledBy="values-heading">
        <SectionHeading id="values-heading" eyebrow="Our values" title="How We Work" />
        <div className="mt-12">
          <FeatureGrid items={CAREER_VALUES} columns={4} />
        </div>
      </PageSection>
      <PageSection labelledBy="benefits-heading" className="bg-slate-900/30">
        <SectionHeading id="benefits-heading" eyebrow="Benefits" title="What We Offer" />
        <div className="mt-12">
          <FeatureGrid items={CAREER_BENEFITS} variant="compact" />
        </div>
      </PageSection>
      <PageSection labelledBy="positions-heading">
        <SectionHeading
          id="positions-heading"
          eyebrow="Join us"
          title="Open Positions"
          intro="Apply by email: tell us about yourself and attach your resume."
        />
        <div className="mx-auto mt-12 max-w-4xl">
          <OpenPositions />
        </div>
      </PageSection>
      <CtaBanner
        title="Don't See the Right Role?"
        text="We are always glad to hear from talented people. Send us your resume and tell us what you would like to work on."
      >
        <AnchorButton href={mailtoHref(CONTACT_EMAILS.careers, 'Resume')} className="px-6 text-base">
          Send Resume
        </AnchorButton>
      </CtaBanner>
    </PublicLayout>
  );
}
