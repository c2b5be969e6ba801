import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { pushSubscribed, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from '../api/push';

type State = 'checking' | 'unsupported' | 'off' | 'on';

/**
 * Browser push on the Alerts page: turns push on or off for this browser (each browser, a phone
 * too, subscribes on its own). Rules with the Push channel then reach it with no tab open.
 */
export function PushSubscription() {
  const [state, setState] = useState<State>(() => (pushSupported() ? 'checking' : 'unsupported'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (pushSupported())
      void pushSubscribed()
        .then((on) => live && setState(on ? 'on' : 'off'))
        .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await (on ? subscribeThisBrowser() : unsubscribeThisBrowser());
      setState(on ? 'on' : 'off');
    } catch (failure) {
      setError(
        failure instanceof ApiError || failure instanceof Error
          ? failure.message
          : 'Push could not be changed',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-xl border border-slate-800 bg-slate-950/50 p-4">
      <h3 className="text-sm font-semibold text-white">Push in this browser</h3>
      {state === 'unsupported' ? (
        <p className="mt-1 text-sm text-slate-400">
          This browser cannot take push notifications (on an iPhone, add the app to the Home Screen first).
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-300" role="status">
            {state === 'checking'
              ? 'Checking…'
              : state === 'on'
                ? 'Push is on for this browser.'
                : 'Push is off for this browser.'}
          </p>
          {state !== 'checking' && (
            <Button variant="secondary" isLoading={busy} onClick={() => void change(state === 'off')}>
              {state === 'on' ? 'Turn off push in this browser' : 'Turn on push in this browser'}
            </Button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
