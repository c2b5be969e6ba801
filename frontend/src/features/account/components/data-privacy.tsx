import { useId, useState } from 'react';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/constants/texts';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccount } from '../api/export-account';
import { isReauthenticationRequired, ReauthenticationNotice } from './reauthentication-notice';

/**
 * Data & Privacy: download everything the server holds for the user (one JSON file), or delete
 * the account after the spec's confirmation. After a deletion `onDeleted` signs the user out;
 * when the API asks for a recent sign-in, `onSignInAgain` sends the user to sign in again.
 */
export function DataPrivacy({
  onDeleted,
  onSignInAgain,
}: {
  onDeleted: () => Promise<void> | void;
  onSignInAgain: () => Promise<void>;
}) {
  const ids = useId();
  const exporter = useExportAccount();
  const deletion = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const mustSignInAgain = deletion.isError && isReauthenticationRequired(deletion.error);

  const confirmDeletion = () =>
    deletion.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void onDeleted();
      },
    });

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Data & Privacy
      </h2>
      <div className="mt-4 space-y-6">
        <div>
          <h3 className="text-sm font-semibold text-slate-100">Export your data</h3>
          <p className="mt-1 text-sm text-slate-400">
            One JSON file with everything we store for you: profile, journal, assistant conversations,
            dismissed alerts, usage and billing state.
          </p>
          <Button
            variant="secondary"
            className="mt-3"
            isLoading={exporter.isPending}
            onClick={() => exporter.mutate()}
          >
            Export my data
          </Button>
          {exporter.isSuccess && (
            <p role="status" className="mt-2 text-sm text-emerald-300">
              Downloaded {exporter.data}.
            </p>
          )}
          {exporter.isError && (
            <div className="mt-3">
              <ErrorAlert>The export failed: {exporter.error.message}</ErrorAlert>
            </div>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-red-300">Delete your account</h3>
          <p className="mt-1 text-sm text-slate-400">
            Deletes your profile, journal, conversations and every other record, cancels any subscription, and
            removes your sign-in.
          </p>
          <Button
            className="mt-3 bg-red-500 text-white hover:bg-red-400 disabled:bg-red-500/60"
            onClick={() => {
              deletion.reset();
              setConfirming(true);
            }}
          >
            Delete account
          </Button>
        </div>
      </div>
      {confirming && (
        <Dialog title="Delete account" alert size="sm" onClose={() => setConfirming(false)}>
          <p className="text-sm text-slate-200">{DELETE_ACCOUNT_CONFIRMATION}</p>
          {mustSignInAgain ? (
            <div className="mt-4">
              <ReauthenticationNotice action="delete your account" onSignInAgain={onSignInAgain} />
            </div>
          ) : (
            deletion.isError && (
              <div className="mt-4">
                <ErrorAlert>{deletion.error.message}</ErrorAlert>
              </div>
            )
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            {!mustSignInAgain && (
              <Button
                className="bg-red-500 text-white hover:bg-red-400 disabled:bg-red-500/60"
                isLoading={deletion.isPending}
                onClick={confirmDeletion}
              >
                {deletion.isError ? 'Try again' : 'Delete my account'}
              </Button>
            )}
          </div>
        </Dialog>
      )}
    </section>
  );
}
