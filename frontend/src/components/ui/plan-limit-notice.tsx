import { Link } from 'react-router-dom';
import { planLimitDetailsSchema } from '@shared/billing/schemas';
import { planName } from '@shared/constants/plans';

/** Where a refusal's "See plans" goes: the Account page's upgrade dialog, with that plan chosen. */
export const upgradePath = (tier: string) => `/dashboard/account?upgrade=${encodeURIComponent(tier)}`;

/**
 * A plan refusal (403 `plan_limit`, 429 `quota_exceeded`) as the API explains it, with a link
 * to the plan that lifts the limit. Renders nothing for any other error.
 */
export function PlanLimitNotice({ error }: { error: { code: string; message: string; details?: unknown } }) {
  if (error.code !== 'plan_limit' && error.code !== 'quota_exceeded') return null;
  const details = planLimitDetailsSchema.safeParse(error.details);
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm text-amber-100"
    >
      <p>{error.message}</p>
      {details.success && (
        <Link
          to={upgradePath(details.data.unlockedBy)}
          className="mt-2 inline-block font-semibold text-amber-200 underline underline-offset-2 hover:text-white"
        >
          See the {planName(details.data.unlockedBy)} plan
        </Link>
      )}
    </div>
  );
}
