import { useId } from 'react';
import { Link } from 'react-router-dom';
import { NotificationRulesManager } from './notification-rules-manager';

/** The notification rules on the Account page: the Alerts page's manager, in a section of its own. */
export function AccountNotificationRules() {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Notification rules
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-400">
        What to be told about, where, and when not. The delivery log and push for this browser are on the{' '}
        <Link to="/dashboard/alerts" className="text-emerald-300 underline">
          Alerts page
        </Link>
        .
      </p>
      <NotificationRulesManager />
    </section>
  );
}
