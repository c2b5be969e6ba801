/**
 * The stage's billing provider, or null when billing is off: the Stripe adapter once both
 * Stripe secrets hold real keys (the deploy's generated placeholders do not look like them;
 * locally, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), pointed at STRIPE_API_URL when set.
 */
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';
import type { BillingProvider } from './provider';
import { looksLikeStripeKeys, stripeProvider } from './stripe-provider';

let cached: { fingerprint: string; provider: BillingProvider } | undefined;

export async function configuredBillingProvider(): Promise<BillingProvider | null> {
  const [secretKey, webhookSecret] = await Promise.all([
    readSecret('stripeSecretKey'),
    readSecret('stripeWebhookSecret'),
  ]);
  if (!secretKey || !webhookSecret || !looksLikeStripeKeys(secretKey, webhookSecret)) return null;
  const apiUrl = process.env[runtimeEnv.stripeApiUrl] || undefined;
  const fingerprint = `${secretKey}\n${webhookSecret}\n${apiUrl ?? ''}`;
  if (cached?.fingerprint !== fingerprint)
    cached = { fingerprint, provider: stripeProvider({ secretKey, webhookSecret, apiUrl }) };
  return cached.provider;
}
