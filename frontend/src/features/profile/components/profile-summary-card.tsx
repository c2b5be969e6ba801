import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useProfile } from '../api/get-profile';
import { planStatus, type PlanTone } from '../utils/plan-status';

const toneClasses: Record<PlanTone, string> = {
  trial: 'bg-yellow-400/10 text-yellow-300 ring-yellow-400/30',
  starter: 'bg-blue-400/10 text-blue-300 ring-blue-400/30',
  pro: 'bg-green-400/10 text-green-300 ring-green-400/30',
  elite: 'bg-purple-400/10 text-purple-300 ring-purple-400/30',
  expired: 'bg-red-400/10 text-red-300 ring-red-400/30',
  unknown: 'bg-slate-400/10 text-slate-300 ring-slate-400/30',
};

const memberSinceFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The signed-in user's profile at a glance: email, member since and plan status. */
export function ProfileSummaryCard() {
  const { data: profile, isPending, isError, refetch, isRefetching } = useProfile();

  return (
    <section aria-labelledby="profile-summary-title" className="rounded-2xl border border-slate-800 bg-slate-900/70 p-6">
      <h2 id="profile-summary-title" className="text-lg font-semibold text-white">
        Your Account
      </h2>
      {isPending ? (
        <div role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-400">
          <Spinner className="size-4" /> Loading your profile...
        </div>
      ) : isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-300">
          Your profile could not be loaded.
          <Button variant="secondary" isLoading={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Email</dt>
            <dd className="mt-1 truncate text-sm text-slate-100">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Member since</dt>
            <dd className="mt-1 text-sm text-slate-100">{memberSinceFormat.format(new Date(profile.created_at))}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Plan</dt>
            <dd className="mt-1">
              <PlanBadge {...planStatus(profile)} />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function PlanBadge({ label, tone }: { label: string; tone: PlanTone }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${toneClasses[tone]}`}>
      {label}
    </span>
  );
}
