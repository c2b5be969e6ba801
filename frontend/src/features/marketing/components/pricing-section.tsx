import { SectionHeading } from '../../../components/ui/section-heading';
import { PricingPlans } from './pricing-plans';

/** The landing page's pricing section; 'View Pricing' scrolls to this id. */
export const PRICING_SECTION_ID = 'pricing';
export const PRICING_HEADING_ID = 'pricing-heading';

export function PricingSection() {
  return (
    <section
      id={PRICING_SECTION_ID}
      aria-labelledby={PRICING_HEADING_ID}
      className="scroll-mt-16 border-t border-slate-800/70 bg-slate-950 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-6">
        <SectionHeading
          id={PRICING_HEADING_ID}
          focusable
          eyebrow="Pricing"
          title="Simple, Transparent Pricing"
          intro="Pick the plan that fits how you trade. Upgrade, downgrade or cancel any time."
        />
        <div className="mt-14">
          <PricingPlans />
        </div>
      </div>
    </section>
  );
}
