import { updatePassword } from 'aws-amplify/auth';
import { useId, useState, type FormEvent } from 'react';
import { passwordRules, passwordWeaknesses } from '@shared/auth/password-policy';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { authErrorMessage } from '../../../lib/auth-errors';

/** Security: change the password (the current one, then a new one meeting the shared policy). */
export function ChangePassword() {
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const weaknesses = next ? passwordWeaknesses(next) : [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    if (passwordWeaknesses(next).length > 0) {
      setError(`Choose a stronger password: ${passwordWeaknesses(next).join('; ')}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updatePassword({ oldPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setDone(true);
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Change password
      </h2>
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {done && (
          <p role="status" className="text-sm text-emerald-300">
            Your password was changed.
          </p>
        )}
        <FormField
          id={`${ids}-current`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <FormField
          id={`${ids}-new`}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          aria-describedby={`${ids}-rules`}
          onChange={(event) => setNext(event.target.value)}
          hint={
            <ul id={`${ids}-rules`} className="mt-2 space-y-0.5 text-xs">
              {passwordRules.map((rule) => {
                const met = next !== '' && rule.test(next);
                return (
                  <li key={rule.id} className={met ? 'text-emerald-300' : 'text-slate-400'}>
                    {met ? '✓' : '•'} {rule.text}
                  </li>
                );
              })}
            </ul>
          }
        />
        <Button type="submit" isLoading={busy} disabled={!current || !next || weaknesses.length > 0}>
          Change password
        </Button>
      </form>
    </section>
  );
}
