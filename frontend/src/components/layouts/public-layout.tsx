import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../ui/logo';

const footerLinks = [
  { to: '/features', label: 'Features' },
  { to: '/about', label: 'About' },
  { to: '/careers', label: 'Careers' },
  { to: '/help', label: 'Help Center' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

/** Marketing pages: top bar with Login and Start Free Trial, footer with the site links. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-950">
      <header className="sticky top-0 z-10 border-b border-slate-800/80 bg-slate-950/80 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-3 text-sm font-semibold">
            <Link to="/login" className="rounded-lg px-3 py-2 text-slate-200 hover:text-white">
              Login
            </Link>
            <Link
              to="/signup"
              className="rounded-lg bg-emerald-500 px-4 py-2 text-slate-950 hover:bg-emerald-400"
            >
              Start Free Trial
            </Link>
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-6 py-8 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-slate-200">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>Options involve risk and are not suitable for all investors.</p>
        </div>
      </footer>
    </div>
  );
}

/** A public page's heading block. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <div className="mx-auto max-w-4xl px-6 py-20">
      <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-400">{intro}</p>
    </div>
  );
}
