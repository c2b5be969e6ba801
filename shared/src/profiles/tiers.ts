/** Spec 3: the paid tiers a profile can hold (anything else reads as expired/free). No zod here: the public pages import it. */
export const subscriptionTiers = ['starter', 'pro', 'elite'] as const;
export type SubscriptionTier = (typeof subscriptionTiers)[number];
