import { type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** Title, explanation, the error box above the fields (spec 2), and the step's form. */
export function StepLayout({
  title,
  subtitle,
  error,
  notice,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  error: string | null;
  notice?: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-400">{subtitle}</p>
      <div className="mt-6 space-y-5">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {notice && (
          <p
            role="status"
            className="rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
          >
            {notice}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

export const linkButtonClasses = 'text-sm text-emerald-400 hover:text-emerald-300';

/** A step's full-width submit button, with its busy label while the call runs (spec 2: loading state). */
export function SubmitButton({
  isSubmitting,
  label,
  busyLabel,
}: {
  isSubmitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="submit" className="w-full" isLoading={isSubmitting}>
      {isSubmitting ? busyLabel : label}
    </Button>
  );
}

export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={linkButtonClasses} onClick={onClick}>
      Back to sign in
    </button>
  );
}
