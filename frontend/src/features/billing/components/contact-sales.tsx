import { BUSINESS_HOURS } from '@shared/constants/business-hours';
import { planName, type BillingPeriod } from '@shared/constants/plans';
import type { SubscriptionTier } from '@shared/profiles/tiers';
import { CONTACT_EMAILS, SUPPORT_PHONE, mailtoHref } from '../../../lib/contact-details';

/** What to do while this stage takes no online payments: reach sales (spec contact details). */
export function ContactSales({ plan, period }: { plan?: SubscriptionTier; period?: BillingPeriod }) {
  const subject = plan
    ? `Subscribe to ${planName(plan)} (${period === 'year' ? 'annual' : 'monthly'})`
    : 'Choosing a plan';
  const weekdays = BUSINESS_HOURS[0];
  return (
    <div
      role="note"
      className="rounded-lg border border-sky-400/30 bg-sky-400/10 px-4 py-3 text-sm text-sky-100"
    >
      <p>
        Online payments are not enabled here yet. To{' '}
        {plan ? `subscribe to ${planName(plan)}` : 'choose a plan'}, contact our sales team:
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a
          className="font-semibold underline underline-offset-2"
          href={mailtoHref(CONTACT_EMAILS.sales, subject)}
        >
          {CONTACT_EMAILS.sales}
        </a>
        <a className="font-semibold underline underline-offset-2" href={SUPPORT_PHONE.href}>
          {SUPPORT_PHONE.display}
        </a>
      </p>
      <p className="mt-1 text-xs text-sky-200/80">
        {weekdays.days}, {weekdays.hours}
      </p>
    </div>
  );
}
