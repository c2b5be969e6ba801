import { useId, useState } from 'react';
import {
  billingPeriods,
  planPrice,
  PRICING_PLANS,
  type BillingPeriod,
  type EffectivePlan,
} from '@shared/constants/plans';
import type { SubscriptionTier } from '@shared/profiles/tiers';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useStartCheckout } from '../api/start-checkout';
import { ContactSales } from './contact-sales';

const periodLabels: Record<BillingPeriod, string> = { month: 'Monthly', year: 'Annual' };
const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

type UpgradeDialogProps = {
  current: EffectivePlan | 'unknown';
  /** The plan to show first (a "See plans" link names the plan that lifts a limit). */
  suggested?: SubscriptionTier;
  /** Whether payments are taken online; undefined while that is being read. */
  billingEnabled: boolean | undefined;
  onClose: () => void;
};

/** 'Upgrade Plan': the three plans, monthly or annual (spec 9 prices), each leading to checkout. */
export function UpgradeDialog({ current, suggested, billingEnabled, onClose }: UpgradeDialogProps) {
  const ids = useId();
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const [chosen, setChosen] = useState<SubscriptionTier | undefined>(suggested);
  const checkout = useStartCheckout();

  return (
    <Dialog
      title="Upgrade Plan"
      description="Every plan is billed in advance and renews automatically; cancel any time from Billing History."
      size="xl"
      onClose={onClose}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-200">Billing period</legend>
        <div className="mt-2 inline-flex rounded-lg border border-slate-700 p-1">
          {billingPeriods.map((value) => (
            <label
              key={value}
              className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-emerald-300 ${
                period === value ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white'
              }`}
            >
              <input
                type="radio"
                name={`${ids}-period`}
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
                className="sr-only"
              />
              {periodLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>

      {checkout.isError && (
        <div className="mt-4">
          <ErrorAlert>{checkout.error.message}</ErrorAlert>
        </div>
      )}
      {billingEnabled === false && (
        <div className="mt-4">
          <ContactSales plan={chosen} period={period} />
        </div>
      )}

      <ul className="mt-5 grid gap-4 md:grid-cols-3">
        {PRICING_PLANS.map((plan) => {
          const isCurrent = current === plan.id;
          const highlighted = chosen === plan.id;
          return (
            <li
              key={plan.id}
              aria-labelledby={`${ids}-${plan.id}`}
              className={`flex flex-col rounded-xl border p-4 ${
                highlighted ? 'border-emerald-400 ring-2 ring-emerald-400/40' : 'border-slate-700'
              }`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 id={`${ids}-${plan.id}`} className="text-base font-semibold text-white">
                  {plan.name}
                </h3>
                {isCurrent && <span className="text-xs font-semibold text-emerald-300">Current plan</span>}
                {!isCurrent && plan.popular && (
                  <span className="text-xs font-semibold text-amber-300">Most popular</span>
                )}
              </div>
              <p className="mt-2 text-2xl font-bold text-white">
                {dollars(planPrice(plan.id, period))}
                <span className="text-sm font-medium text-slate-400">/{period}</span>
              </p>
              {period === 'year' && plan.savings && (
                <p className="text-xs text-emerald-300">{plan.savings}</p>
              )}
              <p className="mt-2 text-sm text-slate-400">{plan.description}</p>
              <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-300">
                {plan.features.map((feature) => (
                  <li key={feature}>✓ {feature}</li>
                ))}
              </ul>
              <Button
                className="mt-4"
                variant={highlighted ? 'primary' : 'secondary'}
                disabled={isCurrent || billingEnabled === undefined}
                isLoading={checkout.isPending && checkout.variables?.plan === plan.id}
                aria-label={`Choose ${plan.name}, ${periodLabels[period].toLowerCase()}`}
                onClick={() => {
                  setChosen(plan.id);
                  if (billingEnabled) checkout.mutate({ plan: plan.id, period });
                }}
              >
                {isCurrent ? 'Your plan' : `Choose ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
