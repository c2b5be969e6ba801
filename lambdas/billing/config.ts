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

/**
 * The site's own origin, where checkout and the portal send the browser back: from the stage's
 * settings (SITE_URL), never from the request (an `Origin` header is the caller's to write, so
 * following it would let a link send a paying user to any site). null when the stage has none.
 */
export function siteOrigin(): string | null {
  const configured = process.env[runtimeEnv.siteUrl];
  if (!configured) return null;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

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
