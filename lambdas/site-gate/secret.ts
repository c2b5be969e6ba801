/**
 * The site gate's configuration: whether the stage has it on, and its secret (a scrypt hash of
 * the password and the key that signs the cookie), read through the secrets cache.
 */
import * as z from 'zod';
import { runtimeEnv } from '@shared/secrets';
import { ServiceUnavailableError } from '../common/errors';
import { readSecret } from '../common/secrets';

export const siteGateSecretSchema = z.object({
  passwordHash: z.string().regex(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/),
  cookieKey: z.string().min(32),
});
export type SiteGateSecret = z.infer<typeof siteGateSecretSchema>;

export const siteGateEnabled = () => process.env[runtimeEnv.siteGateEnabled] === 'true';

/** Secure everywhere but the local http origin, where a browser would drop a Secure cookie. */
export const secureCookies = () => process.env[runtimeEnv.stage] !== 'local';

/**
 * A stage deployed with the gate on but before its operator ran `npm run site-gate-secret` holds
 * the deploy's generated placeholder (or nothing): the site is not open yet, so every gated call
 * answers 503 `service_unavailable` (retry in a minute) instead of failing as a server error.
 * route() logs the cause for the operator.
 */
export class SiteGateNotConfiguredError extends ServiceUnavailableError {
  constructor() {
    super('The site is not open yet; try again later', 60);
    this.cause =
      'the site gate is on but its secret is not a password hash and cookie key (run npm run site-gate-secret)';
  }
}

export async function siteGateSecret(): Promise<SiteGateSecret> {
  const raw = await readSecret('siteGate');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    throw new SiteGateNotConfiguredError();
  }
  const secret = siteGateSecretSchema.safeParse(parsed);
  if (!secret.success) throw new SiteGateNotConfiguredError();
  return secret.data;
}
