import { useId, useState } from 'react';
import {
  feedPollMs,
  trendRiskLevels,
  trendSeverities,
  type TrendAlert,
  type TrendRiskLevel,
  type TrendSeverity,
} from '@shared/feeds/schemas';
import { confidenceTone, credibilityTone, riskTone, severityTone } from '@shared/ui/colour-bands';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/select-field';
import { useDismissTrendAlert } from '../api/dismiss-trend-alert';
import { useFeed } from '../api/get-feed';
import { showNotification, useBrowserNotifications } from '../hooks/use-browser-notifications';
import { useNewItems } from '../hooks/use-new-items';
import { capitalise, formatAge, formatInteger, formatMoney } from '../utils/format';
import { FeedClock, FeedState, OriginLabel, TickerFilter } from './feed-state';
import { PatternCards } from './pattern-cards';
import { InlineSwitch } from '../../../components/ui/switch';
import { TrackInJournalButton } from './track-in-journal-button';

const TYPE_LABELS: Record<TrendAlert['alertType'], string> = {
  momentum: 'Momentum',
  breakout: 'Breakout',
  volume: 'Volume',
  social: 'Social',
  technical: 'Technical',
  news: 'News',
};

function TrendAlertCard({
  alert,
  now,
  onDismiss,
  dismissing,
}: {
  alert: TrendAlert;
  now: number;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const { priceIndications: price, supportingEvidence: evidence } = alert;
  return (
    <article aria-label={alert.title} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={severityTone(alert.severity)}>{capitalise(alert.severity)}</Badge>
        <Badge tone={riskTone(alert.riskLevel)}>{capitalise(alert.riskLevel)} risk</Badge>
        <span className="text-xs font-semibold text-slate-300">{TYPE_LABELS[alert.alertType]}</span>
        <OriginLabel provider={alert.provider} />
        <time dateTime={alert.timestamp} className="ml-auto text-xs text-slate-400">
          {formatAge(alert.timestamp, now)}
        </time>
      </div>
      <h3 className="mt-2 text-base font-semibold text-white">{alert.title}</h3>
      <p className="mt-1 text-sm text-slate-300">{alert.description}</p>

      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <section aria-label="Price indications" className="rounded-lg bg-slate-950/60 p-3">
          <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Price indications</h4>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-400">Current</dt>
            <dd className="text-slate-100">{formatMoney(price.currentPrice)}</dd>
            <dt className="text-slate-400">Target</dt>
            <dd className="text-emerald-300">{formatMoney(price.targetPrice)}</dd>
            <dt className="text-slate-400">Stop loss</dt>
            <dd className="text-red-300">{formatMoney(price.stopLoss)}</dd>
            <dt className="text-slate-400">Timeframe</dt>
            <dd className="text-slate-100">{price.timeframe}</dd>
            <dt className="text-slate-400">Probability</dt>
            <dd className="text-slate-100">{price.probability}%</dd>
            <dt className="text-slate-400">Confidence</dt>
            <dd>
              <Badge tone={confidenceTone(alert.confidence)}>{alert.confidence}%</Badge>
            </dd>
          </dl>
        </section>
        <section aria-label="Supporting evidence" className="rounded-lg bg-slate-950/60 p-3">
          <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
            Supporting evidence
          </h4>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-slate-400">Social mentions</dt>
            <dd className="text-slate-100">{formatInteger(evidence.socialMentions)}</dd>
            <dt className="text-slate-400">Volume vs average</dt>
            <dd className="text-slate-100">
              {evidence.volumeIncrease >= 0 ? '+' : ''}
              {evidence.volumeIncrease}%
            </dd>
            <dt className="text-slate-400">Institutional activity</dt>
            <dd className="text-slate-100">
              {evidence.institutionalActivity ? 'Dark pool blocks' : 'None seen'}
            </dd>
          </dl>
          <ul aria-label="Technical signals" className="mt-2 list-disc pl-4 text-xs text-slate-300">
            {evidence.technicalSignals.map((signal) => (
              <li key={signal}>{signal}</li>
            ))}
          </ul>
          {evidence.newsEvents.length > 0 && (
            <ul aria-label="News events" className="mt-1 list-disc pl-4 text-xs text-slate-300">
              {evidence.newsEvents.map((event) => (
                <li key={event}>{event}</li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-3">
        <ul aria-label="Sources" className="flex flex-wrap gap-2">
          {alert.sources.map((source) => (
            <li key={`${source.platform}-${source.url}`} className="text-xs">
              <a
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-emerald-300 hover:underline"
              >
                {source.platform} ↗
              </a>{' '}
              <Badge tone={credibilityTone(source.credibility)}>{source.credibility}</Badge>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex gap-2">
          <TrackInJournalButton feed="trends" item={alert} />
          <button
            type="button"
            onClick={onDismiss}
            disabled={dismissing}
            aria-label={`Dismiss ${alert.title}`}
            className="rounded-lg border border-slate-700 px-3 py-1.5 text-xs font-semibold text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-300 disabled:opacity-50"
          >
            Dismiss
          </button>
        </div>
      </div>
    </article>
  );
}

/**
 * Trend Alerts (spec 2): severity and risk filters, Monitoring, browser-notification Alerts,
 * pattern cards, alert cards with price indications, evidence and sources, dismissal (kept per
 * user), and the risk warning. `notificationsAllowed` is the user's preference.
 */
export function TrendAlerts({ notificationsAllowed }: { notificationsAllowed: boolean }) {
  const id = useId();
  const [severity, setSeverity] = useState<TrendSeverity | ''>('');
  const [risk, setRisk] = useState<TrendRiskLevel | ''>('');
  const [ticker, setTicker] = useState('');
  const [live, setLive] = useState(true);
  const feed = useFeed(
    'trends',
    { ...(severity ? { severity } : {}), ...(risk ? { risk } : {}), ...(ticker ? { ticker } : {}) },
    live,
  );
  const dismiss = useDismissTrendAlert();
  const notifications = useBrowserNotifications({ confirm: false });
  // Ages as of the last answer (the server's clock), so a render is a pure function of the data.
  const now = feed.data ? Date.parse(feed.data.asOf) : 0;

  useNewItems(feed.data?.items, (fresh) => {
    if (!notifications.enabled || !notificationsAllowed) return;
    for (const alert of fresh.slice(0, 3).reverse())
      showNotification(`${alert.ticker}: ${alert.title}`, {
        body: `${capitalise(alert.severity)} · target ${formatMoney(alert.priceIndications.targetPrice)} (simulated data)`,
        tag: alert.id,
        autoCloseMs: alert.severity === 'critical' || alert.severity === 'high' ? undefined : 5000,
      });
  });

  return (
    <div className="space-y-6">
      <section
        aria-label="Trend alert filters"
        className="grid gap-4 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <SelectField
          id={`${id}-severity`}
          label="Severity"
          value={severity}
          onChange={(event) => setSeverity(event.target.value as TrendSeverity | '')}
          options={[
            { value: '', label: 'All severities' },
            ...[...trendSeverities].reverse().map((s) => ({ value: s, label: capitalise(s) })),
          ]}
        />
        <SelectField
          id={`${id}-risk`}
          label="Risk"
          value={risk}
          onChange={(event) => setRisk(event.target.value as TrendRiskLevel | '')}
          options={[
            { value: '', label: 'All risk levels' },
            ...[...trendRiskLevels].reverse().map((r) => ({ value: r, label: capitalise(r) })),
          ]}
        />
        <TickerFilter id={`${id}-ticker`} value={ticker} onChange={setTicker} />
        <div className="flex flex-col justify-center gap-2">
          <InlineSwitch
            label="Monitoring"
            checked={live}
            onChange={(next) => {
              setLive(next);
              if (next) void feed.refetch();
            }}
            onText="On"
            offText="Paused"
          />
          <FeedClock live={live} asOf={feed.data?.asOf} pollSeconds={feedPollMs('trends') / 1000} />
        </div>
        <div className="flex flex-col justify-center gap-2">
          <InlineSwitch
            label="Alerts"
            checked={notifications.enabled && notificationsAllowed}
            disabled={!notificationsAllowed}
            onChange={(on) => (on ? void notifications.turnOn() : notifications.turnOff())}
          />
          {!notificationsAllowed ? (
            <p className="text-xs text-slate-400">
              Browser notifications are off in your notification preferences.
            </p>
          ) : (
            notifications.message && (
              <p
                role={notifications.message.tone === 'error' ? 'alert' : 'status'}
                className={`text-xs ${notifications.message.tone === 'error' ? 'text-red-300' : 'text-emerald-300'}`}
              >
                {notifications.message.text}
              </p>
            )
          )}
        </div>
      </section>

      {dismiss.error && <ErrorAlert>Could not dismiss the alert: {dismiss.error.message}</ErrorAlert>}

      <FeedState
        what="trend alerts"
        isPending={feed.isPending}
        error={feed.error && !feed.data ? feed.error : null}
        isEmpty={false}
        empty={null}
        onRetry={() => void feed.refetch()}
      >
        <PatternCards patterns={feed.data?.patterns ?? []} title="Patterns" />
        <section aria-labelledby="trend-alerts-title" className="space-y-3">
          <h2 id="trend-alerts-title" className="text-lg font-semibold text-white">
            Active alerts
          </h2>
          {(feed.data?.items.length ?? 0) === 0 ? (
            <p
              role="status"
              className="rounded-2xl border border-dashed border-slate-700 px-6 py-10 text-center text-sm text-slate-300"
            >
              {ticker && feed.data?.notice ? feed.data.notice : 'No active trend alerts match these filters.'}
            </p>
          ) : (
            <ol aria-label="Trend alerts" className="space-y-3">
              {feed.data!.items.map((alert) => (
                <li key={alert.id}>
                  <TrendAlertCard
                    alert={alert}
                    now={now}
                    dismissing={dismiss.isPending && dismiss.variables === alert.id}
                    onDismiss={() => dismiss.mutate(alert.id)}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      </FeedState>

      <aside
        aria-label="Risk warning"
        className="rounded-2xl border border-amber-400/30 bg-amber-400/5 p-4 text-xs text-amber-100"
      >
        <h2 className="mb-1 text-sm font-semibold text-amber-200">Risk warning</h2>
        Trend alerts are simulated from the app&apos;s market model and are not advice. Targets and
        probabilities come from implied volatility and can be wrong; size positions so a stop costs at most 2%
        of your account, and expect options to move 10-20% against you before a stop.
      </aside>
    </div>
  );
}
