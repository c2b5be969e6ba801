import { useState } from 'react';
import { type NotificationRule } from '@shared/notifications/schemas';
import { TARGET_KIND_LABELS } from '@shared/trades/target-rules';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import {
  useDeleteNotificationRule,
  useNotificationRules,
  useTestNotificationRule,
  useUpdateNotificationRule,
} from '../api/notification-rules';
import { NotificationRuleForm } from './notification-rule-form';

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
  const on = rule.held
    ? ' on the tickers I hold'
    : rule.watchlist
      ? ' on my watchlist'
      : rule.tickers.length
        ? ` on ${rule.tickers.join(', ')}`
        : ' on every ticker';
  const quiet = rule.quietHours
    ? `; quiet ${rule.quietHours.start}–${rule.quietHours.end} ${rule.quietHours.timeZone}`
    : '';
  return `${what}${on}; ${rule.channels.join(', ')}; at most ${rule.dailyCap} a day${quiet}`;
}

/**
 * The user's notification rules (issue 25): a form for a new one, and each rule with a switch
 * turning it on or off (PATCH of `enabled`; a rule off matches nothing), Edit (the same form with
 * its values, saved by PATCH), Send test and Delete. The Alerts page and the Account page both
 * show it.
 */
export function NotificationRulesManager() {
  const rules = useNotificationRules();
  const remove = useDeleteNotificationRule();
  const test = useTestNotificationRule();
  const onOff = useUpdateNotificationRule();
  const [editing, setEditing] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  // A new form after each rule added (its fields back to their defaults).
  const [formKey, setFormKey] = useState(0);

  const saved = (rule: { secret?: string }) => {
    setSecret(rule.secret ?? null);
    setEditing(null);
  };

  return (
    <div className="space-y-6">
      <Card className="p-4">
        <NotificationRuleForm
          key={formKey}
          onSaved={(rule) => {
            saved(rule);
            setFormKey((key) => key + 1);
          }}
        />
        {secret && (
          <p role="status" className="mt-4 text-sm text-amber-200">
            Signing secret for this webhook, shown once — copy it now:{' '}
            <code className="break-all">{secret}</code>
          </p>
        )}
      </Card>

      <ul aria-label="Your notification rules" className="space-y-2">
        {rules.data?.rules.map((rule) => (
          <li key={rule.id} className="rounded-lg border border-slate-800 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="flex items-center gap-2 font-medium text-white">
                  {rule.name}
                  {!rule.enabled && <Badge tone="gray">Off</Badge>}
                </p>
                <p className="text-sm text-slate-400">{describeRule(rule)}</p>
              </div>
              <div className="flex items-center gap-2">
                <Switch
                  label="Rule on"
                  name={`Rule on: ${rule.name}`}
                  checked={rule.enabled}
                  disabled={onOff.isPending && onOff.variables.id === rule.id}
                  onChange={(enabled) => onOff.mutate({ id: rule.id, patch: { enabled } })}
                />
                <Button
                  variant="secondary"
                  aria-label={`Edit ${rule.name}`}
                  aria-expanded={editing === rule.id}
                  onClick={() => setEditing(editing === rule.id ? null : rule.id)}
                >
                  Edit
                </Button>
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
            </div>
            {onOff.isError && onOff.variables.id === rule.id && (
              <div className="mt-2">
                <ErrorAlert>
                  {rule.name} was not turned {onOff.variables.patch.enabled ? 'on' : 'off'}:{' '}
                  {onOff.error.message}
                </ErrorAlert>
              </div>
            )}
            {editing === rule.id && (
              <div className="mt-4 border-t border-slate-800 pt-4">
                <NotificationRuleForm rule={rule} onSaved={saved} onCancel={() => setEditing(null)} />
              </div>
            )}
          </li>
        ))}
        {rules.data?.rules.length === 0 && <li className="text-sm text-slate-400">No rules yet.</li>}
      </ul>
    </div>
  );
}
