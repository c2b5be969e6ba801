import { PageHeader, PublicLayout } from '../../../components/layouts/public-layout';
import { SectionHeading } from '../../../components/ui/section-heading';
import { ContactForm } from '../../../features/contact/components/contact-form';
import { ContactChannels } from '../../../features/marketing/components/contact-channels';
import { ContactSidebar } from '../../../features/marketing/components/contact-sidebar';
import { Offices } from '../../../features/marketing/components/offices';
import { PageSection } from '../../../features/marketing/components/page-section';

export function ContactRoute() {
  return (
    <PublicLayout>
      <PageHeader
        title="Contact Us"
        intro="Questions about the product, your account or billing: we are here to help."
      />
      <PageSection className="pt-0 sm:pt-0" labelledBy="channels-heading">
        <h2 id="channels-heading" className="sr-only">
          Ways to reach us
        </h2>
        <ContactChannels />
      </PageSection>
      <PageSection labelledBy="message-heading" className="pt-0 sm:pt-0">
        <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6 sm:p-8 lg:self-start">
            <h2 id="message-heading" className="text-2xl font-semibold text-white">
              Send Us a Message
            </h2>
            <p className="mt-2 mb-6 text-sm text-slate-400">
              Fill in the form and our team will get back to you by email.
            </p>
            <ContactForm />
          </div>
          <ContactSidebar />
        </div>
      </PageSection>
      <PageSection labelledBy="offices-heading" className="bg-slate-900/30">
        <SectionHeading id="offices-heading" eyebrow="Offices" title="Where We Work" />
        <div className="mt-12">
          <Offices />
        </div>
      </PageSection>
    </PublicLayout>
  );
}
