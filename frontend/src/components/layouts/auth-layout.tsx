import { type ReactNode } from 'react';
import { Logo } from '../ui/logo';

/** Centered card on the dark background, brand logo linking home. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-950 bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.12),transparent_60%)] px-4 py-12">
      <Logo />
      <main className="mt-8 w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/80 p-8 shadow-2xl shadow-black/40">
        {children}
      </main>
    </div>
  );
}
