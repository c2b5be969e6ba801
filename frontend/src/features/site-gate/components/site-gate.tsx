import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SITE_GATE_WRONG_PASSWORD } from '@shared/constants/texts';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FullScreenError } from '../../../components/ui/full-screen-error';
import { Logo } from '../../../components/ui/logo';
import { FullScreenSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/app-config';
import { useSiteGate } from '../api/get-site-gate';
import { useUnlockSiteGate } from '../api/unlock-site-gate';

function gateErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'invalid_password') return SITE_GATE_WRONG_PASSWORD;
  if (error instanceof ApiError && error.status === 429)
    return 'Too many attempts. Wait a few minutes and try again.';
  if (error instanceof ApiError) return error.message;
  return 'The password could not be checked. Try again.';
}

/** 'Access Required': the password screen in front of the whole site when the stage has the gate on. */
export function AccessRequired() {
  const ids = useId();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const unlock = useUnlockSiteGate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    unlock.mutate({ password }, { onError: () => setPassword('') });
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 px-4">
      <div className="w-full max-w-sm rounded-2xl border border-slate-800 bg-slate-900/70 p-8 shadow-xl">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold text-white">Access Required</h1>
        <p className="mt-2 text-sm text-slate-400">
          This site is private for now. Enter the password to continue.
        </p>
        <form className="mt-6 space-y-5" onSubmit={submit}>
          {unlock.isError && <ErrorAlert>{gateErrorMessage(unlock.error)}</ErrorAlert>}
          <div>
            <label htmlFor={`${ids}-password`} className="block text-sm font-medium text-slate-200">
              Password
            </label>
            <div className="mt-1.5 flex gap-2">
              <input
                id={`${ids}-password`}
                type={visible ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className="block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none"
              />
              <button
                type="button"
                onClick={() => setVisible((shown) => !shown)}
                aria-pressed={visible}
                className="shrink-0 rounded-lg border border-slate-700 px-3 text-sm text-slate-300 hover:bg-slate-800"
              >
                {visible ? 'Hide password' : 'Show password'}
              </button>
            </div>
          </div>
          <Button type="submit" className="w-full" isLoading={unlock.isPending}>
            {unlock.isPending ? 'Checking...' : 'Enter Site'}
          </Button>
        </form>
      </div>
    </main>
  );
}

/** Renders the site only once the gate is passed (or when the stage has no gate). */
export function SiteGate({ children }: { children: ReactNode }) {
  const { features } = useAppConfig();
  const gate = useSiteGate(features.siteGate);
  if (!features.siteGate) return children;
  if (gate.isPending) return <FullScreenSpinner />;
  if (gate.isError) {
    return (
      <FullScreenError
        title="The site could not start"
        message={gate.error.message}
        onRetry={() => void gate.refetch()}
      />
    );
  }
  return gate.data.unlocked ? children : <AccessRequired />;
}
