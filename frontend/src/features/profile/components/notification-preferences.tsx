import { useId } from 'react';
import { notificationPrefKeys, type NotificationPrefs, type Profile } from '@shared/profiles/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Switch } from '../../../components/ui/switch';
import { useUpdateProfile } from '../api/update-profile';

/** Spec 3's four preferences (all on by default), what each governs, saved on the profile. */
const PREFERENCES: Record<keyof NotificationPrefs, { label: string; description: string }> = {
  email_alerts: {
    label: 'Email alerts',
    description:
      'Market alerts by email, from your notification rules on the Alerts page. Off: none are emailed.',
  },
  push_notifications: {
    label: 'Push notifications',
    description: 'Browser notifications from Market Alerts and Trend Alerts. Off: they never notify.',
  },
  market_updates: {
    label: 'Market updates',
    description: 'The Daily Market Summary that opens once a day. Off: it does not open by itself.',
  },
  trade_confirmations: {
    label: 'Trade confirmations',
    description:
      'An email when you add or close a trade in the journal, and when an import completes. Off: none are sent.',
  },
};

export function NotificationPreferences({ profile }: { profile: Profile }) {
  const ids = useId();
  const update = useUpdateProfile();
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Notification Preferences
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Saved to your account, on every device. Billing emails (a failed payment, a plan change) are always
        sent.
      </p>
      <div className="mt-4 space-y-4">
        {notificationPrefKeys.map((key) => (
          <Switch
            key={key}
            label={PREFERENCES[key].label}
            description={PREFERENCES[key].description}
            checked={profile.notification_prefs[key]}
            onChange={(checked) => update.mutate({ notification_prefs: { [key]: checked } })}
          />
        ))}
        {update.isError && (
          <ErrorAlert>Your preference could not be saved: {update.error.message}</ErrorAlert>
        )}
      </div>
    </section>
  );
}
