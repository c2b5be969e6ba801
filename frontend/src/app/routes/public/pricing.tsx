import Calendar from 'lucide-react/icons/calendar';
import Shield from 'lucide-react/icons/shield';
import { MONEY_BACK_DAYS, TRIAL_DAYS } from '@shared/constants/plans';
import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { Accordion } from '../../../components/ui/accordion';
import { IconTile } from '../../../components/ui/icon-tile';
import { SectionHeading } from '../../../components/ui/section-heading';
import { PageSection } from '../../../features/marketing/components/page-section';
import { PricingPlans } from '../../../features/marketing/components/pricing-plans';
import { PRICING_FAQS } from '../../../features/marketing/data/pricing-faq';

const guarantees = [
  {
    icon: Calendar,
    title: `${TRIAL_DAYS}-Day Free Trial`,
    text: 'Every feature included. No credit card required to start.',
  },
  {
    icon: Shield,
    title: `${MONEY_BACK_DAYS}-Day Money-Back Guarantee`,
    text: 'Not the right fit? Ask for a full refund of your first payment.',
  },
] as const;

const faqItems = PRICING_FAQS.map((faq) => ({
  id: faq.id,
  title: faq.question,
  content: <p>{faq.answer}</p>,
}));

export function PricingRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Pricing"
        intro={`Every plan starts with a ${TRIAL_DAYS}-day free trial with all features.`}
      />
      <PageSection className="pt-4 sm:pt-4" labelledBy="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <PricingPlans showTrialNote={false} />
      </PageSection>
      <PageSection className="pt-0 sm:pt-0">
        <ul className="mx-auto grid max-w-4xl gap-5 md:grid-cols-2">
          {guarantees.map((item) => (
            <li
              key={item.title}
              className="flex gap-4 rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
            >
              <IconTile icon={item.icon} />
              <div>
                <h2 className="text-lg font-semibold text-white">{item.title}</h2>
                <p className="mt-1 text-sm text-slate-400">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection labelledBy="pricing-faq-heading" className="bg-slate-900/30">
        <SectionHeading id="pricing-faq-heading" title="Pricing Questions" />
        <div className="mx-auto mt-10 max-w-3xl">
          <Accordion items={faqItems} />
        </div>
      </PageSection>
    </PublicLayout>
  );
}
