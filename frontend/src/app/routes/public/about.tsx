import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { LinkButton } from '../../../components/ui/link-button';
import { SectionHeading } from '../../../components/ui/section-heading';
import { CtaBanner } from '../../../features/marketing/components/cta-banner';
import { FeatureGrid } from '../../../features/marketing/components/feature-grid';
import { FounderCard } from '../../../features/marketing/components/founder-card';
import { PageSection } from '../../../features/marketing/components/page-section';
import { StatGrid } from '../../../features/marketing/components/stat-grid';
import { ABOUT_STATS, MISSION, MISSION_VALUES, STORY } from '../../../features/marketing/data/about';

export function AboutRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="About"
        intro="Why we build AI-assisted research tools for options traders, and the team behind them."
      />
      <PageSection className="pt-0 sm:pt-0">
        <StatGrid stats={ABOUT_STATS} />
      </PageSection>
      <PageSection labelledBy="mission-heading">
        <SectionHeading
          id="mission-heading"
          eyebrow="Our mission"
          title="Level the Playing Field"
          intro={MISSION}
        />
        <div className="mt-12">
          <FeatureGrid items={MISSION_VALUES} />
        </div>
      </PageSection>
      <PageSection labelledBy="team-heading" className="bg-slate-900/30">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="team-heading" eyebrow="Team" title="Who We Are" align="left" />
            <div className="mt-8">
              <FounderCard />
            </div>
          </div>
          <div>
            <SectionHeading id="story-heading" eyebrow="Our story" title="How It Started" align="left" />
            <div className="mt-8 space-y-4 leading-relaxed text-slate-300">
              {STORY.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        </div>
      </PageSection>
      <CtaBanner
        title="Trade With Better Information"
        text="Try every feature free and see whether it earns a place in your routine."
      >
        <LinkButton to="/signup" className="px-6 text-base">
          Start Free Trial
        </LinkButton>
      </CtaBanner>
    </PublicLayout>
  );
}
