import { ScreenHeader } from '../../../components/layouts/screen-header';
import { MfaSettings } from '../../../features/account/components/mfa-settings';
import { useAuth } from '../../../lib/auth';

/** Account Settings. Security (two-factor authentication) is live; the rest of the page comes with its own issue. */
export function AccountRoute() {
  const { user } = useAuth();
  return (
    <div className="space-y-8">
      <ScreenHeader
        title="Account Settings"
        subtitle="Your sign-in security. Profile, notifications and plan settings are being built."
      />
      {user && <MfaSettings email={user.email} />}
    </div>
  );
}
