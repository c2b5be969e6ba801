import Check from 'lucide-react/icons/check';
import { Link } from 'react-router-dom';
import { MONEY_BACK_DAYS, PRICING_PLANS, TRIAL_DAYS } from '@shared/constants/plans';
import { linkButtonClasses } from '../../../components/ui/link-button';

/** The three plans (spec 9) with their features; each CTA starts the free trial at /signup. */
export function PricingPlans({ showTrialNote = true }: { showTrialNote?: boolean }) {
  return (
    <div>
      <ul className="grid gap-6 lg:grid-cols-3">
        {PRICING_PLANS.map((plan) => {
          return (
            <li
              key={plan.id}
              className={`relative flex flex-col rounded-2xl border p-7 ${
                plan.popular
                  ? 'border-emerald-400/70 bg-gradient-to-b from-emerald-500/10 to-slate-900/80 shadow-xl shadow-emerald-500/10'
                  : 'border-slate-800 bg-slate-900/60'
              }`}
            >
              {plan.popular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-emerald-500 px-3 py-1 text-xs font-bold whitespace-nowrap text-slate-950">
                  Most Popular
                </p>
              )}
              <h3 className="text-xl font-semibold text-white">{plan.name}</h3>
              <p className="mt-2 min-h-10 text-sm text-slate-400">{plan.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight text-white">${plan.price}</span>
                <span className="text-sm text-slate-400">/{plan.period}</span>
              </p>
              {plan.savings ? (
                <p className="mt-2 h-5 text-sm font-medium text-emerald-300">{plan.savings}</p>
              ) : (
                <p aria-hidden="true" className="mt-2 hidden h-5 lg:block" />
              )}
              <ul className="mt-6 flex-1 space-y-3 text-sm" aria-label={`${plan.name} features`}>
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-300">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link
                to="/signup"
                aria-label={`Start Free Trial with ${plan.name}`}
                className={linkButtonClasses(plan.popular ? 'primary' : 'secondary', 'mt-8 w-full')}
              >
                Start Free Trial
              </Link>
            </li>
          );
        })}
      </ul>
      {showTrialNote && (
        <p className="mt-8 text-center text-sm text-slate-400">
          Every plan starts with a {TRIAL_DAYS}-day free trial with all features, no credit card required.{' '}
          {MONEY_BACK_DAYS}-day money-back guarantee.
        </p>
      )}
    </div>
  );
}
