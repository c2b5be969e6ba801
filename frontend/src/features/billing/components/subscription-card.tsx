import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasPaidSubscription } from '@shared/billing/schemas';
import { subscriptionTiers, type SubscriptionTier } from '@shared/profiles/tiers';
import type { Profile } from '@shared/profiles/schemas';
import { subscriptionDisplay } from '@shared/profiles/subscription';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useBillingStatus } from '../api/get-billing';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { ContactSales } from './contact-sales';
import { UpgradeDialog } from './upgrade-dialog';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const periodText = { month: 'Monthly', year: 'Annual' } as const;

/** After a paid checkout the provider's webhook may land a moment later: ask again, for a while. */
const CONFIRM_EVERY_MS = 2_000;
const CONFIRM_FOR_MS = 60_000;

type SubscriptionCardProps = {
  profile: Profile;
  /** Re-reads the profile (after a checkout, until the new plan shows). */
  refreshProfile: () => Promise<unknown>;
};

/**
 * The Subscription card (spec 4 display rules and colours): the plan, the trial's end, the
 * billing period and renewal, 'Upgrade Plan' (checkout, or how to reach sales when payments are
 * off) and 'Billing History' (the provider's portal).
 */
export function SubscriptionCard({ profile, refreshProfile }: SubscriptionCardProps) {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const billingStatus = useBillingStatus();
  const portal = useOpenBillingPortal();
  const suggestedParam = params.get('upgrade');
  const suggested = subscriptionTiers.find((tier) => tier === suggestedParam);
  const [upgrading, setUpgrading] = useState<boolean>(suggestedParam !== null);
  const checkoutResult = params.get('checkout');

  const now = new Date();
  const display = subscriptionDisplay(profile, now);
  const billing = profile.billing;
  const paid = hasPaidSubscription(billing);
  const awaitingPayment = checkoutResult === 'success' && !paid;

  useEffect(() => {
    if (!awaitingPayment) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > CONFIRM_FOR_MS) window.clearInterval(timer);
      else void refreshProfile();
    }, CONFIRM_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [awaitingPayment, refreshProfile]);

  const closeUpgrade = () => {
    setUpgrading(false);
    if (params.has('upgrade')) {
      params.delete('upgrade');
      setParams(params, { replace: true });
    }
  };

  const portalError = portal.error instanceof ApiError ? portal.error : null;
  const trialEnded = Date.parse(profile.trial_end_date) <= now.getTime();

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
          Subscription
        </h2>
        <span className="whitespace-nowrap">
          <Badge tone={display.tone}>{display.label}</Badge>
        </span>
      </div>

      {checkoutResult === 'success' && (
        <p role="status" className="mt-3 text-sm text-emerald-300">
          {paid
            ? `Payment received: you are on the ${display.label}.`
            : 'Payment received. Confirming your plan with the payment provider…'}
        </p>
      )}
      {checkoutResult === 'cancelled' && (
        <p role="status" className="mt-3 text-sm text-slate-300">
          Checkout cancelled. Nothing was charged.
        </p>
      )}

      <dl className="mt-4 divide-y divide-slate-800">
        <Row label="Plan" value={display.label} />
        <Row
          label={trialEnded ? 'Trial ended' : 'Trial ends'}
          value={longDate.format(new Date(profile.trial_end_date))}
        />
        <Row label="Billing" value={billing?.period ? periodText[billing.period] : 'None'} />
        {billing?.renews_at && (
          <Row
            label={billing.cancel_at_period_end || !paid ? 'Ends on' : 'Renews on'}
            value={longDate.format(new Date(billing.renews_at))}
          />
        )}
      </dl>
      {billing?.status === 'past_due' && (
        <p className="mt-3 text-sm text-amber-200">
          Your last payment did not go through. Update your card in Billing History to keep your plan.
        </p>
      )}

      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          onClick={() => (paid ? portal.mutate() : setUpgrading(true))}
          isLoading={paid && portal.isPending}
        >
          Upgrade Plan
        </Button>
        <Button variant="secondary" onClick={() => portal.mutate()} isLoading={!paid && portal.isPending}>
          Billing History
        </Button>
      </div>
      {paid && <p className="mt-2 text-xs text-slate-400">Plan changes are made in Billing History.</p>}

      {portalError?.status === 404 && (
        <p role="status" className="mt-3 text-sm text-slate-300">
          {portalError.message}
        </p>
      )}
      {portalError?.status === 409 && (
        <div className="mt-3">
          <ContactSales />
        </div>
      )}
      {portal.isError && portalError?.status !== 404 && portalError?.status !== 409 && (
        <div className="mt-3">
          <ErrorAlert>Billing History could not be opened: {portal.error.message}</ErrorAlert>
        </div>
      )}

      {upgrading && (
        <UpgradeDialog
          current={display.plan}
          suggested={suggested as SubscriptionTier | undefined}
          billingEnabled={billingStatus.isError ? false : billingStatus.data?.enabled}
          onClose={closeUpgrade}
        />
      )}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="text-sm font-medium text-white">{value}</dd>
    </div>
  );
}
