import { useState, type FormEvent } from 'react';
import { PushSubscription } from './push-subscription';
import { alertSeverities, trendRiskLevels } from '@shared/feeds/schemas';
import {
  createRuleInput,
  notificationChannels,
  webhookFormats,
  type NotificationChannel,
  type NotificationRule,
  type RuleFeed,
} from '@shared/notifications/schemas';
import { TARGET_KINDS } from '@shared/trades/position-schemas';
import { TARGET_KIND_LABELS } from '@shared/trades/target-rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import {
  useCreateNotificationRule,
  useDeleteNotificationRule,
  useNotificationLog,
  useNotificationRules,
  useTestNotificationRule,
} from '../api/notification-rules';

const feedOptions = [
  { value: 'alerts', label: 'Market alerts at or above a severity' },
  { value: 'darkpool', label: 'Dark pool prints at or above a value' },
  { value: 'chatter', label: 'Chatter at or above a risk level' },
  { value: 'targets', label: 'My position targets (journal positions)' },
] as const;
const channelLabels: Record<NotificationChannel, string> = {
  'in-app': 'In the app (delivery log)',
  email: 'E-mail',
  push: 'Push (browsers turned on below)',
  webhook: 'Webhook (Slack, Discord or JSON)',
};
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function describeRule(rule: NotificationRule): string {
  const c = rule.condition;
  const what =
    c.feed === 'alerts'
      ? `alerts of severity ${c.minSeverity}+`
      : c.feed === 'darkpool'
        ? `dark pool prints of $${c.minNotional.toLocaleString('en-US')}+`
        : c.feed === 'chatter'
          ? `chatter of risk ${c.minRisk}+`
          : `my position targets (${c.kinds ? c.kinds.map((k) => TARGET_KIND_LABELS[k]).join(', ') : 'every rule'})`;
  const on = rule.watchlist
    ? ' on my watchlist'
    : rule.tickers.length
      ? ` on ${rule.tickers.join(', ')}`
      : ' on every ticker';
  const quiet = rule.quietHours
    ? `; quiet ${rule.quietHours.start}–${rule.quietHours.end} ${rule.quietHours.timeZone}`
    : '';
  return `${what}${on}; ${rule.channels.join(', ')}; at most ${rule.dailyCap} a day${quiet}`;
}

/** A position-targets condition: every rule when all are ticked (no `kinds`), else those ticked. */
function targetCondition(kinds: string[]) {
  return kinds.length === TARGET_KINDS.length ? { feed: 'targets' } : { feed: 'targets', kinds };
}

/** The form's values as the API takes them; an error message when they do not parse. */
function ruleFromForm(form: HTMLFormElement, channels: NotificationChannel[]) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const feed = text('feed') as RuleFeed;
  const condition =
    feed === 'alerts'
      ? { feed, minSeverity: text('minSeverity') }
      : feed === 'darkpool'
        ? { feed, minNotional: Number(text('minNotional')) }
        : feed === 'chatter'
          ? { feed, minRisk: text('minRisk') }
          : targetCondition(data.getAll('kinds').map(String));
  const quietStart = text('quietStart');
  const quietEnd = text('quietEnd');
  return createRuleInput.safeParse({
    name: text('name'),
    condition,
    watchlist: data.get('watchlist') === 'on',
    tickers:
      text('tickers') && data.get('watchlist') !== 'on'
        ? text('tickers')
            .split(/[\s,]+/)
            .filter(Boolean)
        : [],
    channels,
    ...(channels.includes('webhook')
      ? { webhook: { url: text('webhookUrl'), format: text('webhookFormat') } }
      : {}),
    ...(quietStart && quietEnd
      ? { quietHours: { start: quietStart, end: quietEnd, timeZone: localTimeZone() } }
      : {}),
    dailyCap: Number(text('dailyCap')),
  });
}

/** Notification rules and the delivery log (issue 25), on the Alerts page. */
export function NotificationRulesPanel() {
  const rules = useNotificationRules();
  const log = useNotificationLog();
  const create = useCreateNotificationRule();
  const remove = useDeleteNotificationRule();
  const test = useTestNotificationRule();
  const [feed, setFeed] = useState<RuleFeed>('alerts');
  const [channels, setChannels] = useState<NotificationChannel[]>(['in-app']);
  const [onWatchlist, setOnWatchlist] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const toggle = (channel: NotificationChannel) =>
    setChannels((now) => (now.includes(channel) ? now.filter((c) => c !== channel) : [...now, channel]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ruleFromForm(form, channels);
    if (!parsed.success) {
      setFormError(
        parsed.error.issues.map((issue) => `${issue.path.join('.') || 'rule'}: ${issue.message}`).join('; '),
      );
      return;
    }
    setFormError(null);
    create.mutate(parsed.data, {
      onSuccess: (rule) => {
        setSecret(rule.secret ?? null);
        form.reset();
      },
      onError: (error) => setFormError(error instanceof ApiError ? error.message : 'The rule was not saved.'),
    });
  };

  return (
    <section aria-labelledby="notification-rules-heading" className="mt-8 space-y-6">
      <h2 id="notification-rules-heading" className="text-lg font-semibold text-white">
        Notification rules
      </h2>
      <PushSubscription />
      <Card className="p-4">
        <form aria-label="New notification rule" onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <FormField id="rule-name" name="name" label="Rule name" required maxLength={80} />
          <SelectField
            id="rule-feed"
            name="feed"
            label="Notify me about"
            options={feedOptions}
            value={feed}
            onChange={(e) => setFeed(e.target.value as RuleFeed)}
          />
          {feed === 'alerts' && (
            <SelectField
              id="rule-severity"
              name="minSeverity"
              label="Lowest severity"
              defaultValue="high"
              options={alertSeverities.map((s) => ({ value: s, label: s }))}
            />
          )}
          {feed === 'darkpool' && (
            <FormField
              id="rule-notional"
              name="minNotional"
              label="Smallest print (USD)"
              type="number"
              min={1}
              defaultValue={5_000_000}
            />
          )}
          {feed === 'chatter' && (
            <SelectField
              id="rule-risk"
              name="minRisk"
              label="Lowest risk level"
              defaultValue="high"
              options={trendRiskLevels.map((r) => ({ value: r, label: r }))}
            />
          )}
          {feed === 'targets' && (
            <fieldset>
              <legend className="text-sm font-medium text-slate-200">Targets to tell me about</legend>
              <div className="mt-2 flex flex-wrap gap-3">
                {TARGET_KINDS.map((kind) => (
                  <label key={kind} className="flex items-center gap-2 text-sm text-slate-200">
                    <input type="checkbox" name="kinds" value={kind} defaultChecked />
                    {TARGET_KIND_LABELS[kind]}
                  </label>
                ))}
              </div>
              <p className="mt-1 text-xs text-slate-400">
                Your open journal positions, checked every minute of the market session against your targets
                (Account page).
              </p>
            </fieldset>
          )}
          <div>
            <label className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                name="watchlist"
                checked={onWatchlist}
                onChange={(event) => setOnWatchlist(event.target.checked)}
              />
              On my watchlist's tickers
            </label>
            <p className="mt-1 text-xs text-slate-400">
              Follows the watchlist as it changes (the dashboard's Watchlist card, or Watch beside a ticker).
            </p>
          </div>
          <FormField
            id="rule-tickers"
            name="tickers"
            label="Tickers (comma-separated; empty for all)"
            placeholder="NVDA, SPY"
            disabled={onWatchlist}
          />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-200">Channels</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {notificationChannels.map((channel) => (
                <label key={channel} className="flex items-center gap-2 text-sm text-slate-200">
                  <input
                    type="checkbox"
                    checked={channels.includes(channel)}
                    onChange={() => toggle(channel)}
                  />
                  {channelLabels[channel]}
                </label>
              ))}
            </div>
          </fieldset>
          {channels.includes('webhook') && (
            <>
              <FormField
                id="rule-webhook-url"
                name="webhookUrl"
                label="Webhook URL (https)"
                type="url"
                required
              />
              <SelectField
                id="rule-webhook-format"
                name="webhookFormat"
                label="Webhook format"
                options={webhookFormats.map((f) => ({
                  value: f,
                  label: f === 'json' ? 'Plain JSON' : f[0]!.toUpperCase() + f.slice(1),
                }))}
              />
            </>
          )}
          <FormField
            id="rule-quiet-start"
            name="quietStart"
            label={`Quiet from (${localTimeZone()})`}
            type="time"
          />
          <FormField id="rule-quiet-end" name="quietEnd" label="Quiet until" type="time" />
          <FormField
            id="rule-cap"
            name="dailyCap"
            label="At most this many a day"
            type="number"
            min={1}
            max={200}
            defaultValue={20}
          />
          <div className="flex items-end">
            <Button type="submit" isLoading={create.isPending}>
              Add rule
            </Button>
          </div>
          {formError && (
            <p role="alert" className="text-sm text-rose-300 sm:col-span-2">
              {formError}
            </p>
          )}
        </form>
        {secret && (
          <p role="status" className="mt-4 text-sm text-amber-200">
            Signing secret for this webhook, shown once — copy it now:{' '}
            <code className="break-all">{secret}</code>
          </p>
        )}
      </Card>

      <ul aria-label="Your notification rules" className="space-y-2">
        {rules.data?.rules.map((rule) => (
          <li
            key={rule.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-800 p-3"
          >
            <div>
              <p className="font-medium text-white">{rule.name}</p>
              <p className="text-sm text-slate-400">{describeRule(rule)}</p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                aria-label={`Send a test of ${rule.name}`}
                onClick={() => test.mutate(rule.id)}
              >
                Send test
              </Button>
              <Button
                variant="secondary"
                aria-label={`Delete ${rule.name}`}
                onClick={() => remove.mutate(rule.id)}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
        {rules.data?.rules.length === 0 && <li className="text-sm text-slate-400">No rules yet.</li>}
      </ul>

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
