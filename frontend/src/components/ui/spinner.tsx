import LoaderCircle from 'lucide-react/icons/loader-circle';

type SpinnerProps = { className?: string };

/** A decorative spinning arc; pair it with text or an accessible name. */
export function Spinner({ className = 'size-5' }: SpinnerProps) {
  return <LoaderCircle className={`animate-spin ${className}`} />;
}

/** Whole-screen loading state: `role="status"` named 'Loading'. */
export function FullScreenSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="flex min-h-screen items-center justify-center bg-slate-950 text-emerald-400"
    >
      <Spinner className="size-10" />
    </div>
  );
}
