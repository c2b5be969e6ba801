import { PushSubscription } from './push-subscription';
import { NotificationRulesManager } from './notification-rules-manager';
import { useNotificationLog } from '../api/notification-rules';

/** Notification rules, this browser's push and the delivery log (issue 25), on the Alerts page. */
export function NotificationRulesPanel() {
  const log = useNotificationLog();

  return (
    <section aria-labelledby="notification-rules-heading" className="mt-8 space-y-6">
      <h2 id="notification-rules-heading" className="text-lg font-semibold text-white">
        Notification rules
      </h2>
      <PushSubscription />
      <NotificationRulesManager />

      <table className="w-full text-left text-sm text-slate-300">
        <caption className="mb-2 text-left font-semibold text-white">Delivery log</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Channel</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {log.data?.notifications.map((n) => (
            <tr key={n.id} className="border-t border-slate-800">
              <td>{new Date(n.createdAt).toLocaleString()}</td>
              <td>{n.channel}</td>
              <td>
                {n.event.summary} <span className="text-slate-500">({n.event.provider})</span>
              </td>
              <td>{n.detail ? `${n.status}: ${n.detail}` : n.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
