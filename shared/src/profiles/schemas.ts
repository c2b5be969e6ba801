import * as z from 'zod';
import { inputInstant } from '../api/input-bounds';
import { billingStateSchema } from '../billing/schemas';
import { emailSuppressionSchema } from '../notifications/mail-feedback';
import { targetRulesPatchSchema } from '../trades/target-rules';

export { subscriptionTiers, type SubscriptionTier } from './tiers';

export const notificationPrefKeys = [
  'email_alerts',
  'push_notifications',
  'market_updates',
  'trade_confirmations',
] as const;

export const notificationPrefsSchema = z.object({
  email_alerts: z.boolean(),
  push_notifications: z.boolean(),
  market_updates: z.boolean(),
  trade_confirmations: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** Spec 3: every preference defaults to on. */
export const defaultNotificationPrefs: NotificationPrefs = {
  email_alerts: true,
  push_notifications: true,
  market_updates: true,
  trade_confirmations: true,
};

/** A stored profile (spec 3). Any tier outside starter/pro/elite reads as expired/free. */
export const profileSchema = z.object({
  id: z.string().min(1),
  email: z.string().email(),
  full_name: z.string().nullable(),
  created_at: z.string().datetime(),
  updated_at: z.string().datetime(),
  trial_end_date: z.string().datetime(),
  subscription_tier: z.string().nullable(),
  notification_prefs: notificationPrefsSchema,
  /** When the user finished the onboarding tour; absent or null while they have not. */
  onboarding_completed_at: z.string().datetime().nullable().optional(),
  /** When the user skipped the onboarding tour; absent or null while they have not. */
  onboarding_skipped_at: z.string().datetime().nullable().optional(),
  /** The paid subscription as the payment provider last reported it; absent until a checkout. */
  billing: billingStateSchema.nullable().optional(),
  /**
   * The user's targets for their open positions (../trades/target-rules): the figures they set;
   * absent ones (and an absent object) are the defaults.
   */
  target_rules: targetRulesPatchSchema.optional(),
  /**
   * Set when SES reported a permanent bounce or a complaint for the address (issue 25): no e-mail
   * is sent to it while it is the profile's address; null or absent when e-mail may be sent.
   */
  email_suppression: emailSuppressionSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const FULL_NAME_MAX = 100;

/** A client clock may run a little ahead of the server's; beyond this a time is refused. */
export const ONBOARDING_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** An onboarding time the client reports: an ISO datetime from 1900 on, not in the future, or null to clear it. */
const onboardingTimestamp = inputInstant()
  .refine((value) => Date.parse(value) <= Date.now() + ONBOARDING_CLOCK_SKEW_MS, {
    message: 'must not be in the future',
  })
  .transform((value) => new Date(value).toISOString())
  .nullable()
  .optional();

/** PATCH /api/profile. An empty (or blank) full name is stored as null (spec 5). */
export const updateProfileInput = z
  .object({
    full_name: z
      .string()
      .max(FULL_NAME_MAX)
      .nullable()
      .transform((name) => (name === null || name.trim() === '' ? null : name.trim()))
      .optional(),
    notification_prefs: notificationPrefsSchema.partial().strict().optional(),
    onboarding_completed_at: onboardingTimestamp,
    onboarding_skipped_at: onboardingTimestamp,
    /** Any of the position target figures; the others keep their value. */
    target_rules: targetRulesPatchSchema.optional(),
    /** null turns e-mail back on after a bounce or complaint (the user fixed their mailbox). */
    email_suppression: z.null().optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message:
      'Nothing to update: send full_name, notification_prefs, target_rules, email_suppression, onboarding_completed_at or onboarding_skipped_at',
  });
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;
