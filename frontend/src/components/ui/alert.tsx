import { type ReactNode } from 'react';

/** A red error box announced to assistive technology (`role="alert"`). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      {children}
    </div>
  );
}
