import { type HTMLAttributes } from 'react';

/** The dark bordered panel used across the public pages. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-2xl border border-slate-800 bg-slate-900/60 p-6 ${className}`} {...props} />
  );
}
