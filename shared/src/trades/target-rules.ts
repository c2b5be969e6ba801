/**
 * A user's targets and rules for their open positions (the journal issue, item 3): the figures
 * ./targets checks every marked position against, kept on the profile (`target_rules`) and edited
 * on the Account page. A profile without them, or without one of them, uses the default.
 */
import * as z from 'zod';
import type { TARGET_KINDS } from './position-schemas';

/** The bounds the Account page and PATCH /api/profile hold each figure to. */
export const TARGET_RULE_BOUNDS = {
  /** Fraction of the max profit (the credit, for a credit position) that takes profit. */
  takeProfitFraction: { min: 0.05, max: 1, step: 0.05 },
  /** A credit position's loss, in multiples of the credit received, that stops it. */
  stopLossCreditMultiple: { min: 0.25, max: 10, step: 0.25 },
  /** Calendar days to the nearest expiration at which a position is flagged. */
  dte: { min: 0, max: 365 },
} as const;

const b = TARGET_RULE_BOUNDS;

export const targetRulesSchema = z.strictObject({
  take_profit_fraction: z.number().min(b.takeProfitFraction.min).max(b.takeProfitFraction.max),
  stop_loss_credit_multiple: z.number().min(b.stopLossCreditMultiple.min).max(b.stopLossCreditMultiple.max),
  dte: z.number().int().min(b.dte.min).max(b.dte.max),
  short_strike_breached: z.boolean(),
  earnings_before_expiry: z.boolean(),
});
export type TargetRules = z.infer<typeof targetRulesSchema>;

/** The defaults of every user's targets (docs/features/journal.md says what each means). */
export const DEFAULT_TARGET_RULES: TargetRules = {
  take_profit_fraction: 0.5,
  stop_loss_credit_multiple: 2,
  dte: 21,
  short_strike_breached: true,
  earnings_before_expiry: true,
};

/** PATCH /api/profile's `target_rules`: any of the figures; the others keep their value. */
export const targetRulesPatchSchema = targetRulesSchema.partial();

/** A user's rules: what their profile holds, over the defaults. */
export function targetRulesOf(
  profile: { target_rules?: Partial<TargetRules> | null } | undefined,
): TargetRules {
  return { ...DEFAULT_TARGET_RULES, ...(profile?.target_rules ?? {}) };
}

/** Each rule named as the Account and Alerts pages show it. */
export const TARGET_KIND_LABELS: Record<(typeof TARGET_KINDS)[number], string> = {
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  dte: 'Days to expiry',
  short_strike_breached: 'Short strike breached',
  earnings_before_expiry: 'Earnings before expiry',
};
