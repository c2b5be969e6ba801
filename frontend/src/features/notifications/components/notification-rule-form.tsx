import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { alertSeverities, trendRiskLevels } from '@shared/feeds/schemas';
import {
  createRuleInput,
  notificationChannels,
  tickerScopeOf,
  webhookFormats,
  type NotificationChannel,
  type NotificationRule,
  type RuleFeed,
  type TickerScope,
} from '@shared/notifications/schemas';
import { TARGET_KINDS } from '@shared/trades/position-schemas';
import { TARGET_KIND_LABELS } from '@shared/trades/target-rules';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateNotificationRule, useUpdateNotificationRule } from '../api/notification-rules';

const feedOptions = [
  { value: 'alerts', label: 'Market alerts at or above a severity' },
  { value: 'darkpool', label: 'Dark pool prints at or above a value' },
  { value: 'chatter', label: 'Chatter at or above a risk level' },
  { value: 'targets', label: 'My position targets (journal positions)' },
] as const;
const channelLabels: Record<NotificationChannel, string> = {
  'in-app': 'In the app (delivery log)',
  email: 'E-mail',
  push: 'Push (to the browsers that turned it on)',
  webhook: 'Webhook (Slack, Discord or JSON)',
};
const scopeOptions: readonly { value: TickerScope; label: string; hint: string }[] = [
  { value: 'listed', label: 'The tickers listed', hint: 'Empty for every ticker.' },
  {
    value: 'watchlist',
    label: "On my watchlist's tickers",
    hint: "Follows the watchlist as it changes (the dashboard's Watchlist card, or Watch beside a ticker).",
  },
  {
    value: 'held',
    label: 'Tickers I hold',
    hint: 'The underlyings of your open journal positions when an item arrives; none open, nothing sent.',
  },
];
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A checkbox or radio with its label beside it (the targets, the ticker scope and the channels). */
function Choice({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-200">
      <input {...input} />
      {label}
    </label>
  );
}

/** A position-targets condition: every rule when all are ticked (no `kinds`), else those ticked. */
function targetCondition(kinds: string[]) {
  return kinds.length === TARGET_KINDS.length ? { feed: 'targets' } : { feed: 'targets', kinds };
}

/** The form's values as the API takes them (a whole rule); the issues when they do not parse. */
function ruleFromForm(
  form: HTMLFormElement,
  channels: NotificationChannel[],
  scope: TickerScope,
  timeZone: string,
) {
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
    watchlist: scope === 'watchlist',
    held: scope === 'held',
    tickers:
      scope === 'listed'
        ? text('tickers')
            .split(/[\s,]+/)
            .filter(Boolean)
        : [],
    channels,
    ...(channels.includes('webhook')
      ? { webhook: { url: text('webhookUrl'), format: text('webhookFormat') } }
      : {}),
    ...(quietStart && quietEnd ? { quietHours: { start: quietStart, end: quietEnd, timeZone } } : {}),
    dailyCap: Number(text('dailyCap')),
  });
}

interface RuleFormProps {
  /** The rule being edited (its values filled in, saved by PATCH); none for a new rule (POST). */
  rule?: NotificationRule;
  /** After a save: the rule as answered (a webhook's signing secret when one was made). */
  onSaved: (rule: NotificationRule & { secret?: string }) => void;
  /** Shown as a Cancel button when given (editing). */
  onCancel?: () => void;
}

/** A notification rule's form (issue 25): a new rule, or one being edited with its values. */
export function NotificationRuleForm({ rule, onSaved, onCancel }: RuleFormProps) {
  const id = useId();
  const create = useCreateNotificationRule();
  const update = useUpdateNotificationRule();
  const condition = rule?.condition;
  const [feed, setFeed] = useState<RuleFeed>(condition?.feed ?? 'alerts');
  const [channels, setChannels] = useState<NotificationChannel[]>(rule?.channels ?? ['in-app']);
  const [scope, setScope] = useState<TickerScope>(rule ? tickerScopeOf(rule) : 'listed');
  const [formError, setFormError] = useState<string | null>(null);
  // An edited rule keeps the time zone its quiet hours were set in.
  const timeZone = rule?.quietHours?.timeZone ?? localTimeZone();

  const toggle = (channel: NotificationChannel) =>
    setChannels((now) => (now.includes(channel) ? now.filter((c) => c !== channel) : [...now, channel]));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ruleFromForm(event.currentTarget, channels, scope, timeZone);
    if (!parsed.success) {
      setFormError(
        parsed.error.issues.map((issue) => `${issue.path.join('.') || 'rule'}: ${issue.message}`).join('; '),
      );
      return;
    }
    setFormError(null);
    const onError = (error: Error) =>
      setFormError(error instanceof ApiError ? error.message : 'The rule was not saved.');
    if (!rule) {
      create.mutate(parsed.data, { onSuccess: onSaved, onError });
      return;
    }
    // The whole form, as a patch: what it no longer has is removed; whether the rule is on stays as it was.
    const { enabled: _enabled, ...values } = parsed.data;
    update.mutate(
      {
        id: rule.id,
        patch: { ...values, webhook: values.webhook ?? null, quietHours: values.quietHours ?? null },
      },
      { onSuccess: onSaved, onError },
    );
  };

  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      aria-label={rule ? `Edit ${rule.name}` : 'New notification rule'}
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField
        id={field('name')}
        name="name"
        label="Rule name"
        required
        maxLength={80}
        defaultValue={rule?.name}
      />
      <SelectField
        id={field('feed')}
        name="feed"
        label="Notify me about"
        options={feedOptions}
        value={feed}
        onChange={(e) => setFeed(e.target.value as RuleFeed)}
      />
      {feed === 'alerts' && (
        <SelectField
          id={field('severity')}
          name="minSeverity"
          label="Lowest severity"
          defaultValue={condition?.feed === 'alerts' ? condition.minSeverity : 'high'}
          options={alertSeverities.map((s) => ({ value: s, label: s }))}
        />
      )}
      {feed === 'darkpool' && (
        <FormField
          id={field('notional')}
          name="minNotional"
          label="Smallest print (USD)"
          type="number"
          min={1}
          defaultValue={condition?.feed === 'darkpool' ? condition.minNotional : 5_000_000}
        />
      )}
      {feed === 'chatter' && (
        <SelectField
          id={field('risk')}
          name="minRisk"
          label="Lowest risk level"
          defaultValue={condition?.feed === 'chatter' ? condition.minRisk : 'high'}
          options={trendRiskLevels.map((r) => ({ value: r, label: r }))}
        />
      )}
      {feed === 'targets' && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-200">Targets to tell me about</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {TARGET_KINDS.map((kind) => (
              <Choice
                key={kind}
                label={TARGET_KIND_LABELS[kind]}
                type="checkbox"
                name="kinds"
                value={kind}
                defaultChecked={
                  condition?.feed === 'targets' && condition.kinds ? condition.kinds.includes(kind) : true
                }
              />
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-400">
            Your open journal positions, checked every minute of the market session against your targets
            (Account page).
          </p>
        </fieldset>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-200">On which tickers</legend>
        <div className="mt-2 space-y-2">
          {scopeOptions.map((option) => (
            <div key={option.value}>
              <Choice
                label={option.label}
                type="radio"
                name="scope"
                value={option.value}
                checked={scope === option.value}
                onChange={() => setScope(option.value)}
                aria-describedby={field(`scope-${option.value}`)}
              />
              <p id={field(`scope-${option.value}`)} className="ml-6 text-xs text-slate-400">
                {option.hint}
              </p>
            </div>
          ))}
        </div>
      </fieldset>
      <FormField
        id={field('tickers')}
        name="tickers"
        label="Tickers (comma-separated; empty for all)"
        placeholder="NVDA, SPY"
        disabled={scope !== 'listed'}
        defaultValue={rule?.tickers.join(', ')}
      />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-200">Channels</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {notificationChannels.map((channel) => (
            <Choice
              key={channel}
              label={channelLabels[channel]}
              type="checkbox"
              checked={channels.includes(channel)}
              onChange={() => toggle(channel)}
            />
          ))}
        </div>
      </fieldset>
      {channels.includes('webhook') && (
        <>
          <FormField
            id={field('webhook-url')}
            name="webhookUrl"
            label="Webhook URL (https)"
            type="url"
            required
            defaultValue={rule?.webhook?.url}
          />
          <SelectField
            id={field('webhook-format')}
            name="webhookFormat"
            label="Webhook format"
            defaultValue={rule?.webhook?.format ?? 'json'}
            options={webhookFormats.map((f) => ({
              value: f,
              label: f === 'json' ? 'Plain JSON' : f[0]!.toUpperCase() + f.slice(1),
            }))}
          />
        </>
      )}
      <FormField
        id={field('quiet-start')}
        name="quietStart"
        label={`Quiet from (${timeZone})`}
        type="time"
        defaultValue={rule?.quietHours?.start}
      />
      <FormField
        id={field('quiet-end')}
        name="quietEnd"
        label="Quiet until"
        type="time"
        defaultValue={rule?.quietHours?.end}
      />
      <FormField
        id={field('cap')}
        name="dailyCap"
        label="At most this many a day"
        type="number"
        min={1}
        max={200}
        defaultValue={rule?.dailyCap ?? 20}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" isLoading={rule ? update.isPending : create.isPending}>
          {rule ? 'Save changes' : 'Add rule'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {formError && (
        <p role="alert" className="text-sm text-rose-300 sm:col-span-2">
          {formError}
        </p>
      )}
    </form>
  );
}
