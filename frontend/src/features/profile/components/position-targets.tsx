import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@shared/profiles/schemas';
import {
  TARGET_RULE_BOUNDS as BOUNDS,
  targetRulesOf,
  targetRulesSchema,
  type TargetRules,
} from '@shared/trades/target-rules';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { getPositionsQueryOptions } from '../../../lib/positions';
import { useUpdateProfile } from '../api/update-profile';

/** Percent figures are shown as whole percents; the profile keeps fractions. */
const percent = (fraction: number) => Math.round(fraction * 100);

/**
 * The user's targets for their open positions (the journal issue, item 3): what the journal's
 * badges, the Alerts page's "Your positions" and the "my position targets" notification rules
 * check every open position against. Saved on the profile.
 */
export function PositionTargets({ profile }: { profile: Profile }) {
  const ids = useId();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const rules = targetRulesOf(profile);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const number = (name: string) => Number(String(data.get(name) ?? '').trim() || NaN);
    const parsed = targetRulesSchema.safeParse({
      take_profit_fraction: number('takeProfit') / 100,
      stop_loss_credit_multiple: number('stopLoss'),
      dte: number('dte'),
      short_strike_breached: data.get('shortStrike') === 'on',
      earnings_before_expiry: data.get('earnings') === 'on',
    } satisfies Record<keyof TargetRules, unknown>);
    setSaved(false);
    if (!parsed.success) {
      setProblem(
        'Take profit must be 5–100%, the stop 0.25–10× the credit, and the days to expiry a whole number 0–365.',
      );
      return;
    }
    setProblem(null);
    update.mutate(
      { target_rules: parsed.data },
      {
        onSuccess: () => {
          setSaved(true);
          // The journal's badges are marked against these figures: read them again.
          void queryClient.invalidateQueries({ queryKey: getPositionsQueryOptions().queryKey });
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Position targets
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Every open journal position is checked against these, every minute of the market session: a target
        reached shows on the position in the journal, once under “Your positions” on the Alerts page, and
        through your “my position targets” notification rules.
      </p>
      <form
        aria-label="Position targets"
        noValidate
        onSubmit={submit}
        className="mt-4 grid gap-4 sm:grid-cols-3"
      >
        <FormField
          id={`${ids}-tp`}
          name="takeProfit"
          label="Take profit at (% of max profit)"
          type="number"
          min={percent(BOUNDS.takeProfitFraction.min)}
          max={percent(BOUNDS.takeProfitFraction.max)}
          step={percent(BOUNDS.takeProfitFraction.step)}
          defaultValue={percent(rules.take_profit_fraction)}
          required
        />
        <FormField
          id={`${ids}-sl`}
          name="stopLoss"
          label="Stop a credit position at a loss of (× credit)"
          type="number"
          min={BOUNDS.stopLossCreditMultiple.min}
          max={BOUNDS.stopLossCreditMultiple.max}
          step={BOUNDS.stopLossCreditMultiple.step}
          defaultValue={rules.stop_loss_credit_multiple}
          required
        />
        <FormField
          id={`${ids}-dte`}
          name="dte"
          label="Flag at days to expiry"
          type="number"
          min={BOUNDS.dte.min}
          max={BOUNDS.dte.max}
          step={1}
          defaultValue={rules.dte}
          required
        />
        <label className="flex items-center gap-2 text-sm text-slate-200 sm:col-span-3">
          <input type="checkbox" name="shortStrike" defaultChecked={rules.short_strike_breached} />
          Flag a short strike breached (the underlying beyond a short call’s or put’s strike)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-200 sm:col-span-3">
          <input type="checkbox" name="earnings" defaultChecked={rules.earnings_before_expiry} />
          Flag earnings before expiry (the underlying reports on or before the nearest expiration)
        </label>
        <div className="flex items-center gap-3 sm:col-span-3">
          <Button type="submit" isLoading={update.isPending}>
            Save targets
          </Button>
          {saved && (
            <p role="status" className="text-sm text-emerald-300">
              Targets saved.
            </p>
          )}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-rose-300 sm:col-span-3">
            {problem}
          </p>
        )}
        {update.isError && (
          <div className="sm:col-span-3">
            <ErrorAlert>Your targets could not be saved: {update.error.message}</ErrorAlert>
          </div>
        )}
      </form>
    </section>
  );
}
