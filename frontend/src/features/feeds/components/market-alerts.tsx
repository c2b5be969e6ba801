import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { MARKET_ALERTS_SHOWN_MAX } from '@shared/constants/caps';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@shared/constants/timings';
import {
  feedPollMs,
  alertSeverities,
  marketAlertTypeLabels,
  type AlertSeverity,
  type MarketAlert,
} from '@shared/feeds/schemas';
import { severityTone } from '@shared/ui/colour-bands';
import { feedProviderLabels } from '@shared/providers/feeds/feed-providers';
import { Badge } from '../../../components/ui/badge';
import { useFeed } from '../api/get-feed';
import { showNotification, useBrowserNotifications } from '../hooks/use-browser-notifications';
import { useNewItems } from '../hooks/use-new-items';
import {
  capitalise,
  formatAge,
  formatChange,
  formatInteger,
  formatMoney,
  formatShares,
  formatTime,
} from '../utils/format';
import { FeedClock, FeedState, MarketClosedNotice, OriginLabel, TickerFilter } from './feed-state';
import { InlineSwitch } from '../../../components/ui/switch';
import { TrackInJournalButton } from './track-in-journal-button';

/** At most this many notifications for one poll (after a pause, the rest are in the feed). */
const MAX_NOTIFICATIONS_PER_POLL = 3;

function notify(alert: MarketAlert) {
  showNotification(`${alert.ticker}: ${marketAlertTypeLabels[alert.type]} (${alert.severity})`, {
    body: `${alert.message} (${!alert.provider || alert.provider === 'simulated' ? 'simulated data' : feedProviderLabels[alert.provider]})`,
    tag: alert.id,
    // Spec 9: notifications close after 5 s unless the severity is high.
    autoCloseMs: alert.severity === 'high' ? undefined : NOTIFICATION_AUTO_CLOSE_MS,
  });
}

/**
 * Market Alerts (spec 2): Live / Paused, notifications On / Off, the alerts-today counter, the
 * High / Medium / Low counts (each a filter), and the feed (at most 100), polled while live.
 * `notificationsAllowed` is the user's browser-notification preference (Account Settings).
 */
export function MarketAlerts({ notificationsAllowed }: { notificationsAllowed: boolean }) {
  const [live, setLive] = useState(true);
  const [severity, setSeverity] = useState<AlertSeverity | null>(null);
  const [ticker, setTicker] = useState('');
  const id = useId();
  const feed = useFeed('alerts', ticker ? { ticker } : {}, live);
  const notifications = useBrowserNotifications({ confirm: true });
  const items = feed.data?.items;

  useNewItems(items, (fresh) => {
    if (notifications.enabled && notificationsAllowed)
      fresh.slice(0, MAX_NOTIFICATIONS_PER_POLL).reverse().forEach(notify);
  });

  const shown = (items ?? []).slice(0, MARKET_ALERTS_SHOWN_MAX);
  const counts = Object.fromEntries(
    alertSeverities.map((s) => [s, shown.filter((a) => a.severity === s).length]),
  );
  const visible = severity ? shown.filter((alert) => alert.severity === severity) : shown;
  // Ages as of the last answer (the server's clock), so a render is a pure function of the data.
  const now = feed.data ? Date.parse(feed.data.asOf) : 0;

  function setLiveState(next: boolean) {
    setLive(next);
    // Resuming catches up at once rather than at the next tick.
    if (next) void feed.refetch();
  }

  return (
    <div className="space-y-6">
      <section
        aria-label="Alert controls"
        className="flex flex-wrap items-center gap-x-8 gap-y-4 rounded-2xl border border-slate-800 bg-slate-900/70 p-4"
      >
        <InlineSwitch
          label="Live updates"
          checked={live}
          onChange={setLiveState}
          onText="Live"
          offText="Paused"
        />
        <InlineSwitch
          label="Browser notifications"
          checked={notifications.enabled && notificationsAllowed}
          disabled={!notificationsAllowed}
          onChange={(on) => (on ? void notifications.turnOn() : notifications.turnOff())}
          describedBy="alerts-notification-status"
        />
        <FeedClock live={live} asOf={feed.data?.asOf} pollSeconds={feedPollMs('alerts') / 1000} />
        <TickerFilter id={`${id}-ticker`} value={ticker} onChange={setTicker} />
        <div id="alerts-notification-status" className="w-full text-sm">
          {!notificationsAllowed ? (
            <p className="text-slate-400">
              Browser notifications are turned off in your{' '}
              <Link to="/dashboard/account" className="text-emerald-300 underline">
                notification preferences
              </Link>
              .
            </p>
          ) : notifications.message ? (
            <p
              role={notifications.message.tone === 'error' ? 'alert' : 'status'}
              className={notifications.message.tone === 'error' ? 'text-red-300' : 'text-emerald-300'}
            >
              {notifications.message.text}
            </p>
          ) : (
            <p role="status" className="text-slate-400">
              Notifications {notifications.enabled ? 'on' : 'off'}
              {notifications.permission === 'denied' ? ' (blocked in this browser)' : ''}.
            </p>
          )}
        </div>
      </section>

      <MarketClosedNotice market={feed.data?.market} what="alerts" />

      <section aria-label="Alert counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
          <p className="text-xs tracking-wide text-slate-400 uppercase">Alerts today</p>
          <p
            className="mt-1 text-2xl font-bold text-white"
            aria-label={`${feed.data?.todayCount ?? 0} alerts today`}
          >
            {formatInteger(feed.data?.todayCount ?? 0)}
          </p>
        </div>
        {(['high', 'medium', 'low'] as const).map((level) => (
          <button
            key={level}
            type="button"
            aria-pressed={severity === level}
            onClick={() => setSeverity(severity === level ? null : level)}
            className={`rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-emerald-300 ${
              severity === level
                ? 'border-emerald-400/70 bg-emerald-400/10'
                : 'border-slate-800 bg-slate-900/60 hover:border-slate-600'
            }`}
          >
            <span className="block text-xs tracking-wide text-slate-400 uppercase">
              {capitalise(level)} priority
            </span>
            <span className="mt-1 block text-2xl font-bold text-white">{counts[level]}</span>
          </button>
        ))}
      </section>

      <section aria-labelledby="alerts-feed-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="alerts-feed-title" className="text-lg font-semibold text-white">
            {severity ? `${capitalise(severity)} priority alerts` : 'Alert feed'}
          </h2>
          <p className="text-xs text-slate-400">
            Showing {visible.length} of at most {MARKET_ALERTS_SHOWN_MAX}
            {severity && (
              <button
                type="button"
                onClick={() => setSeverity(null)}
                className="ml-2 text-emerald-300 underline"
              >
                Show all
              </button>
            )}
          </p>
        </div>
        <FeedState
          what="market alerts"
          isPending={feed.isPending}
          error={feed.error && !feed.data ? feed.error : null}
          isEmpty={visible.length === 0}
          empty={
            <span role="status">
              {severity
                ? `No ${severity} priority alerts right now.`
                : (feed.data?.notice ?? 'No alerts yet. New ones arrive every 15-45 seconds.')}
            </span>
          }
          onRetry={() => void feed.refetch()}
        >
          <ol aria-label="Market alerts" className="space-y-3">
            {visible.map((alert) => (
              <li key={alert.id} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
                <article aria-label={`${alert.ticker} ${marketAlertTypeLabels[alert.type]}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={severityTone(alert.severity)}>{capitalise(alert.severity)}</Badge>
                    <span className="text-xs font-semibold text-slate-300">
                      {marketAlertTypeLabels[alert.type]}
                    </span>
                    <span className="text-base font-bold text-white">{alert.ticker}</span>
                    <OriginLabel provider={alert.provider} />
                    <time
                      dateTime={alert.timestamp}
                      className="ml-auto text-xs text-slate-400"
                      title={formatTime(alert.timestamp)}
                    >
                      {formatAge(alert.timestamp, now)} · {formatTime(alert.timestamp)}
                    </time>
                  </div>
                  <p className="mt-2 text-sm text-slate-200">{alert.message}</p>
                  <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-400">
                    <div>
                      <dt className="inline">Price </dt>
                      <dd className="inline text-slate-200">{formatMoney(alert.price)}</dd>
                    </div>
                    {alert.changePercent !== undefined && (
                      <div>
                        <dt className="inline">Change </dt>
                        <dd
                          className={`inline ${alert.changePercent >= 0 ? 'text-emerald-300' : 'text-red-300'}`}
                        >
                          {formatChange(alert.changePercent)}
                        </dd>
                      </div>
                    )}
                    {alert.volume !== undefined && (
                      <div>
                        <dt className="inline">Volume </dt>
                        <dd className="inline text-slate-200">{formatShares(alert.volume)}</dd>
                      </div>
                    )}
                    {alert.flow && (
                      <>
                        <div>
                          <dt className="inline">Contracts </dt>
                          <dd className="inline text-slate-200">
                            {formatInteger(alert.flow.contracts)} at {formatMoney(alert.flow.optionPrice)}
                          </dd>
                        </div>
                        <div>
                          <dt className="inline">At the ask </dt>
                          <dd className="inline text-slate-200">
                            {formatMoney(alert.flow.askSidePremium)} of {formatMoney(alert.flow.premium)}
                          </dd>
                        </div>
                        <div>
                          <dt className="inline">Open interest </dt>
                          <dd className="inline text-slate-200">{formatInteger(alert.flow.openInterest)}</dd>
                        </div>
                      </>
                    )}
                    <div>
                      <dt className="inline">Trigger </dt>
                      <dd className="inline text-slate-200">
                        {alert.trigger.metric}: {formatInteger(alert.trigger.value)} (threshold{' '}
                        {formatInteger(alert.trigger.threshold)})
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-3">
                    <TrackInJournalButton feed="alerts" item={alert} />
                  </div>
                </article>
              </li>
            ))}
          </ol>
        </FeedState>
      </section>
    </div>
  );
}
