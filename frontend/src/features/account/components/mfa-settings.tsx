import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { undefined as nothing } from 'zod/mini';
import { apiPath } from '@shared/routes';
import { useId, useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { apiRequest } from '../../../lib/api-client';
import { authErrorMessage, mfaCodeError } from '../../../lib/auth-errors';
import { isReauthenticationRequired, ReauthenticationNotice } from './reauthentication-notice';

const ISSUER = 'Edge Options';

export const mfaPreferenceQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'mfa'], queryFn: () => fetchMFAPreference() });

type Setup = { secret: string; qrDataUrl: string };

/**
 * Account Settings: turn TOTP two-factor authentication on (authenticator app) or off. Turning
 * it off needs a recent sign-in; when the API asks for one, `onSignInAgain` sends the user to it.
 */
export function MfaSettings({ email, onSignInAgain }: { email: string; onSignInAgain: () => Promise<void> }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const preference = useQuery(mfaPreferenceQueryOptions());
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const enabled = preference.data?.enabled?.includes('TOTP') ?? false;

  async function act(action: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  const begin = () =>
    act(async () => {
      const details = await setUpTOTP();
      const uri = details.getSetupUri(ISSUER, email).toString();
      setSetup({
        secret: details.sharedSecret,
        qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 192 }),
      });
      setCode('');
    });

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(async () => {
      await verifyTOTPSetup({ code: code.trim() }).catch((caught: unknown) => {
        throw mfaCodeError(caught);
      });
      await updateMFAPreference({ totp: 'PREFERRED' });
      setSetup(null);
      await queryClient.invalidateQueries({ queryKey: mfaPreferenceQueryOptions().queryKey });
    });
  };

  // Through the API, which requires a recent sign-in (a 403 reauthentication_required).
  const turnOff = () =>
    act(async () => {
      await apiRequest(apiPath('disableMfa'), nothing(), { method: 'DELETE' });
      await queryClient.invalidateQueries({ queryKey: mfaPreferenceQueryOptions().queryKey });
    });

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
          Two-factor authentication
        </h2>
        {preference.isSuccess && <Badge tone={enabled ? 'green' : 'gray'}>{enabled ? 'On' : 'Off'}</Badge>}
      </div>
      <p className="mt-2 text-sm text-slate-400">
        Protect your account with a 6-digit code from an authenticator app each time you sign in.
      </p>
      <div className="mt-4 space-y-4">
        {isReauthenticationRequired(error) ? (
          <ReauthenticationNotice action="turn off two-factor authentication" onSignInAgain={onSignInAgain} />
        ) : (
          error !== null && <ErrorAlert>{authErrorMessage(error)}</ErrorAlert>
        )}
        {preference.isError && <ErrorAlert>{authErrorMessage(preference.error)}</ErrorAlert>}
        {!setup && !enabled && preference.isSuccess && (
          <Button type="button" onClick={() => void begin()} isLoading={busy}>
            Set up authenticator app
          </Button>
        )}
        {!setup && enabled && (
          <Button type="button" variant="secondary" onClick={() => void turnOff()} isLoading={busy}>
            Turn off two-factor authentication
          </Button>
        )}
        {setup && (
          <form className="space-y-4" onSubmit={verify}>
            <p className="text-sm text-slate-300">
              Scan this code with your authenticator app, or enter the setup key by hand, then type the code
              it shows.
            </p>
            <img
              src={setup.qrDataUrl}
              alt="QR code for your authenticator app"
              width={192}
              height={192}
              className="rounded-lg bg-white p-2"
            />
            <p className="text-sm text-slate-300">
              Setup key:{' '}
              <code data-testid="totp-secret" className="break-all text-emerald-300">
                {setup.secret}
              </code>
            </p>
            <CodeField
              id={`${ids}-code`}
              label="Authenticator code"
              value={code}
              onChange={setCode}
              digits={6}
            />
            <div className="flex gap-3">
              <Button type="submit" isLoading={busy}>
                Verify and turn on
              </Button>
              <Button type="button" variant="secondary" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
