import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { AccountStatistics } from '../../../features/account/components/account-statistics';
import { ChangePassword } from '../../../features/account/components/change-password';
import { DataPrivacy } from '../../../features/account/components/data-privacy';
import { MfaSettings } from '../../../features/account/components/mfa-settings';
import { SubscriptionCard } from '../../../features/billing/components/subscription-card';
import { AccountNotificationRules } from '../../../features/notifications/components/account-notification-rules';
import { useProfile } from '../../../features/profile/api/get-profile';
import { EmailSuppression } from '../../../features/profile/components/email-suppression';
import { NotificationPreferences } from '../../../features/profile/components/notification-preferences';
import { PositionTargets } from '../../../features/profile/components/position-targets';
import { ProfileInformation } from '../../../features/profile/components/profile-information';
import { useAuth, type RedirectState } from '../../../lib/auth';
import { CONTACT_EMAILS, LIVE_CHAT_PATH, mailtoHref } from '../../../lib/contact-details';

/**
 * Account Settings (spec 2): profile, notification preferences, position targets, notification
 * rules, security (two-factor and password), subscription, statistics, data & privacy, and help.
 */
export function AccountRoute() {
  const { user, signOut, signOutThisDevice } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useProfile();

  // Signed out at once: the sign-in screen, with nothing of the deleted account left in memory.
  const afterDeletion = async () => {
    await signOut();
    void navigate('/login', { replace: true });
  };

  // A refused deletion or MFA change (sign-in too old): sign in again, then come back to retry.
  const signInAgain = async () => {
    await signOutThisDevice();
    const state: RedirectState = { from: { pathname } };
    void navigate('/login', { replace: true, state });
  };

  return (
    <div>
      <ScreenHeader title="Account Settings" subtitle="Your profile, plan, security and data." />
      {profile.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-400">
          <Spinner className="size-4" /> Loading your account...
        </div>
      ) : profile.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-300">
          Your account could not be loaded.
          <Button variant="secondary" isLoading={profile.isRefetching} onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 xl:grid-cols-3 xl:grid-rows-[auto_1fr]">
          {/* The plan first on a phone; beside the settings, on the right, on a wide screen. */}
          <div className="space-y-6 xl:col-start-3 xl:row-start-1">
            <SubscriptionCard profile={profile.data} refreshProfile={profile.refetch} />
            <AccountStatistics />
          </div>
          <div className="space-y-6 xl:col-span-2 xl:col-start-1 xl:row-span-2 xl:row-start-1">
            <ProfileInformation profile={profile.data} />
            <EmailSuppression profile={profile.data} />
            <NotificationPreferences profile={profile.data} />
            <PositionTargets profile={profile.data} />
            <AccountNotificationRules />
            <div className="space-y-6" aria-label="Security" role="group">
              {user && <MfaSettings email={user.email} onSignInAgain={signInAgain} />}
              <ChangePassword />
            </div>
            <DataPrivacy onDeleted={afterDeletion} onSignInAgain={signInAgain} />
          </div>
          <div className="xl:col-start-3 xl:row-start-2 xl:self-start">
            <NeedHelp />
          </div>
        </div>
      )}
    </div>
  );
}

function NeedHelp() {
  return (
    <section
      aria-labelledby="need-help-title"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="need-help-title" className="text-lg font-semibold text-white">
        Need Help?
      </h2>
      <div className="mt-4 flex flex-col gap-2 text-sm">
        <a
          className="text-emerald-300 hover:text-emerald-200"
          href={mailtoHref(CONTACT_EMAILS.support, 'Account help')}
        >
          Contact Support
        </a>
        <Link className="text-emerald-300 hover:text-emerald-200" to="/help">
          Help Center
        </Link>
        <Link className="text-emerald-300 hover:text-emerald-200" to={LIVE_CHAT_PATH}>
          Live Chat
        </Link>
      </div>
    </section>
  );
}
