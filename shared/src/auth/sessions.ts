/**
 * How long sessions and their revocations last: one definition, used by the user pool (CDK), the
 * handlers' checks, the account deletion and the UI.
 */
import * as z from 'zod';

/** Access and ID tokens live an hour (the app client's validity, infra/stacks/auth-stack.ts). */
export const ACCESS_TOKEN_VALIDITY_MINUTES = 60;

/**
 * A revocation is kept a day (DynamoDB TTL then removes it, within a few days): far past the
 * last access token issued before it, which expires within ACCESS_TOKEN_VALIDITY_MINUTES.
 */
export const REVOCATION_KEEP_SECONDS = 24 * 60 * 60;

/**
 * How stale a revocation may be when a request is judged. Every write (any method but GET) reads
 * the revocation strongly consistently, so it is refused from the moment the revocation is
 * stored, in every container; a read may use an answer up to this old from its container.
 */
export const REVOCATION_READ_CACHE_MS = 5_000;

/**
 * Deleting the account and turning two-factor authentication off need a sign-in (password, and
 * the code when MFA is on) at most this many minutes old: the access token's `auth_time`.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

/**
 * A deleted account is swept once more this long after its deletion (the `sweepDeletedAccounts`
 * job, every 5 minutes): longer than any API function runs (API_TIMEOUT_SECONDS, 29 s), so a
 * write that passed its session check just before the deletion has landed by then.
 */
export const LATE_SWEEP_AFTER_SECONDS = 60;

export const revocationReasons = ['signed_out', 'disabled', 'deleted'] as const;
export type RevocationReason = (typeof revocationReasons)[number];

/**
 * One row per user in the `revocations` table: every access token of the user issued at or
 * before `revoked_at` (epoch seconds, the token's `iat`) is refused. No personal data: the
 * Cognito id, why and when. A deleted account's row stays until its TTL, after the account's
 * late sweep has run (`swept_at`).
 */
export const revocationSchema = z.object({
  user_id: z.string().min(1),
  reason: z.enum(revocationReasons),
  revoked_at: z.number().int(),
  expires_at: z.number().int(),
  swept_at: z.number().int().optional(),
});
export type Revocation = z.infer<typeof revocationSchema>;

/** Whether a revocation refuses a token issued at `issuedAt` (epoch seconds; unknown: refused). */
export function revokes(revocation: Revocation | undefined, issuedAt: number | undefined): boolean {
  if (!revocation) return false;
  return issuedAt === undefined || !Number.isFinite(issuedAt) || issuedAt <= revocation.revoked_at;
}

/** A token's `auth_time` (epoch seconds) is recent enough for deletion or turning MFA off. */
export function signedInRecently(authTime: number | undefined, now: number): boolean {
  if (authTime === undefined || !Number.isFinite(authTime)) return false;
  return now / 1000 - authTime <= RECENT_SIGN_IN_MINUTES * 60;
}
