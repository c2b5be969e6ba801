import { useState } from 'react';
import { RECENT_SIGN_IN_MINUTES } from '@shared/auth/sessions';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

/** The API's answer when an action needs a sign-in from the last RECENT_SIGN_IN_MINUTES. */
export const isReauthenticationRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'reauthentication_required';

/**
 * Why the action was refused and the way on: 'Sign in again' ends this browser's session and
 * comes back here after the sign-in, to try again.
 */
export function ReauthenticationNotice({
  action,
  onSignInAgain,
}: {
  /** What the user was doing, after "sign in again to": "delete your account". */
  action: string;
  onSignInAgain: () => Promise<void>;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
    >
      <p className="font-medium">For your security, sign in again to {action}.</p>
      <p className="mt-1 text-amber-200/80">
        This needs a sign-in from the last {RECENT_SIGN_IN_MINUTES} minutes. You will come back to this page
        to try again.
      </p>
      <Button
        className="mt-3"
        isLoading={leaving}
        onClick={() => {
          setLeaving(true);
          void onSignInAgain().finally(() => setLeaving(false));
        }}
      >
        Sign in again
      </Button>
    </div>
  );
}
