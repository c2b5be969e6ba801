import { useId, useState, type FormEvent } from 'react';
import { FULL_NAME_MAX, type Profile } from '@shared/profiles/schemas';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useUpdateProfile } from '../api/update-profile';

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Spec 2, Profile Information: the full name (Edit, Save), the email (read-only), member since. */
export function ProfileInformation({ profile }: { profile: Profile }) {
  const ids = useId();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');

  const startEditing = () => {
    setName(profile.full_name ?? '');
    update.reset();
    setEditing(true);
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec 5: an empty name is stored as null (the server trims and decides).
    update.mutate({ full_name: name }, { onSuccess: () => setEditing(false) });
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-white">
        Profile Information
      </h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt id={`${ids}-name`} className="text-xs font-medium tracking-wide text-slate-400 uppercase">
            Full name
          </dt>
          <dd className="mt-1">
            {editing ? (
              <form onSubmit={save} className="flex flex-wrap items-end gap-3">
                <FormField
                  id={`${ids}-name-input`}
                  label="Full name"
                  value={name}
                  maxLength={FULL_NAME_MAX}
                  autoComplete="name"
                  onChange={(event) => setName(event.target.value)}
                  className="min-w-0 flex-1"
                  // Shown when the user chose Edit: focus goes to the field they asked for.
                  // eslint-disable-next-line jsx-a11y-x/no-autofocus
                  autoFocus
                />
                <Button type="submit" isLoading={update.isPending}>
                  Save
                </Button>
                <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </form>
            ) : (
              <div className="flex items-center justify-between gap-3">
                <span
                  className={profile.full_name ? 'text-sm text-slate-100' : 'text-sm text-slate-500 italic'}
                >
                  {profile.full_name ?? 'Not set'}
                </span>
                <Button variant="secondary" onClick={startEditing} aria-describedby={`${ids}-name`}>
                  Edit
                </Button>
              </div>
            )}
            {update.isError && (
              <div className="mt-3">
                <ErrorAlert>Your name could not be saved: {update.error.message}</ErrorAlert>
              </div>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Email</dt>
          <dd className="mt-1">
            <p className="truncate text-sm text-slate-100">{profile.email}</p>
            <p className="mt-0.5 text-xs text-slate-400">Contact support to change your email address</p>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">Member since</dt>
          <dd className="mt-1 text-sm text-slate-100">{longDate.format(new Date(profile.created_at))}</dd>
        </div>
      </dl>
    </section>
  );
}
