type SpinnerProps = { className?: string };

/** A decorative spinning ring; pair it with text or an accessible name. */
export function Spinner({ className = 'size-5' }: SpinnerProps) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
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
