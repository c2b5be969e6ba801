import { type ReactNode } from 'react';

/**
 * A field's hint and error lines, and the aria props that point the field at them. The error is
 * announced with the field (aria-invalid, aria-describedby) and shown under it in red.
 */
export function fieldHelp(id: string, { hint, error }: { hint?: ReactNode; error?: string }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids || undefined,
    },
    help: (
      <>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-300">
            {error}
          </p>
        )}
      </>
    ),
  };
}
