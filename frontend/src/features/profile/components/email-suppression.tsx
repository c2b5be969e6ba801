import { useId } from 'react';
import { suppressionText } from '@shared/notifications/mail-feedback';
import type { Profile } from '@shared/profiles/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useUpdateProfile } from '../api/update-profile';

/**
 * Shown while e-mail to the account's address is off because SES reported a permanent bounce or
 * a complaint for it (issue 25): why, since when, and a button to turn it back on once the
 * mailbox is fixed. A mark for an address the account no longer has does not hold: not shown.
 */
export function EmailSuppression({ profile }: { profile: Profile }) {
  const ids = useId();
  const update = useUpdateProfile();
  const mark = profile.email_suppression;
  if (!mark || mark.address.toLowerCase() !== profile.email.toLowerCase()) return null;
  const text = suppressionText(mark);
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-amber-700/60 bg-amber-950/30 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        E-mail is off
      </h2>
      <p className="mt-1 text-sm text-amber-100">
        {text.charAt(0).toUpperCase() + text.slice(1)}
        {mark.detail ? ` (${mark.detail})` : ''}. No alerts, confirmations or account e-mails are sent to it.
        Check the address and your mailbox (or your spam settings), then turn e-mail back on.
      </p>
      <div className="mt-4">
        <Button
          variant="secondary"
          isLoading={update.isPending}
          onClick={() => update.mutate({ email_suppression: null })}
        >
          Turn e-mail back on
        </Button>
      </div>
      {update.isError && <ErrorAlert>E-mail could not be turned back on: {update.error.message}</ErrorAlert>}
    </section>
  );
}
