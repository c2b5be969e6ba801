import { type Profile } from '@shared/profiles/schemas';
import { subscriptionDisplay } from '@shared/profiles/subscription';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useProfile } from '../api/get-profile';

const memberSinceFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The signed-in user's profile at a glance: email, member since and plan status. */
export function ProfileSummaryCard() {
  const { data: profile, isPending, isError, refetch, isRefetching } = useProfile();

  return (
    <section
      aria-labelledby="profile-summary-title"
      className="rounded-2xl border border-slate-800 bg-slate-900/70 p-6"
    >
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
            <dd className="mt-1 text-sm text-slate-100">
              {memberSinceFormat.format(new Date(profile.created_at))}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Plan</dt>
            <dd className="mt-1">
              <PlanBadge profile={profile} />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function PlanBadge({ profile }: { profile: Profile }) {
  const { label, tone } = subscriptionDisplay(profile, new Date());
  return <Badge tone={tone}>{label}</Badge>;
}
