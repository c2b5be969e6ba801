import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NAV_BLUR_SCROLL_PX } from '@shared/constants/timings';
import { hasStoredSession } from '../../lib/amplify';
import { useAuth } from '../../lib/auth';
import { BRAND_NAME, Logo } from '../ui/logo';

const footerColumns = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Support',
    links: [{ to: '/help', label: 'Help Center' }],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

/** True once the window has scrolled more than `threshold` pixels. */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

const accountLinkClasses = {
  quiet:
    'rounded-lg px-2 py-2 text-slate-200 hover:text-white sm:px-3 focus-visible:outline-2 focus-visible:outline-slate-400',
  primary:
    'rounded-lg bg-emerald-500 px-2.5 py-2 whitespace-nowrap text-slate-950 hover:bg-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300 sm:px-4',
};

/**
 * Login and Start Free Trial, or 'Dashboard' for a signed-in visitor. While the session is
 * still being read, a browser holding one is taken to be signed in (no flash of 'Login').
 */
function AccountLinks() {
  const { status } = useAuth();
  const signedIn = status === 'signedIn' || (status === 'loading' && hasStoredSession());
  if (signedIn) {
    return (
      <Link to="/dashboard" className={accountLinkClasses.primary}>
        Dashboard
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" className={accountLinkClasses.quiet}>
        Login
      </Link>
      <Link to="/signup" className={accountLinkClasses.primary}>
        Start Free Trial
      </Link>
    </>
  );
}

/**
 * Marketing pages: a top bar with Login and Start Free Trial (Dashboard when signed in) that blurs its background once the
 * page scrolls past `NAV_BLUR_SCROLL_PX` (`data-scrolled` says which), and the site footer.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const scrolled = useScrolledPast(NAV_BLUR_SCROLL_PX);
  return (
    <div className="flex min-h-screen flex-col bg-slate-950">
      <header
        data-scrolled={scrolled}
        className={`sticky top-0 z-20 border-b transition-colors duration-300 ${
          scrolled
            ? 'border-slate-800/80 bg-slate-950/75 shadow-lg shadow-black/20 backdrop-blur-md'
            : 'border-transparent bg-transparent'
        }`}
      >
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:px-6 sm:py-4">
          <div className="shrink-0 whitespace-nowrap [&>a]:text-base sm:[&>a]:text-lg">
            <Logo />
          </div>
          <nav aria-label="Account" className="flex items-center gap-1 text-sm font-semibold sm:gap-3">
            <AccountLinks />
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-slate-800 bg-slate-950">
        <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 md:grid-cols-[1fr_2fr]">
          <div className="max-w-xs">
            <Logo />
            <p className="mt-4 text-sm text-slate-400">
              AI-assisted research for options traders: scanner, dark pool flow, alerts and a trading journal.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerColumns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-slate-200">{column.title}</h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="text-slate-400 hover:text-slate-100">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="border-t border-slate-800/70">
          <div className="mx-auto flex max-w-6xl flex-col gap-2 px-6 py-6 text-xs text-slate-500 sm:flex-row sm:justify-between">
            <p>
              © {new Date().getFullYear()} {BRAND_NAME}. For research and education; not investment advice.
            </p>
            <p>Options involve risk and are not suitable for all investors.</p>
          </div>
        </div>
      </footer>
    </div>
  );
}

/** A public page's heading block: the page's h1, an intro, and optional content under it. */
export function PageHeader({
  title,
  intro,
  eyebrow,
  children,
}: {
  title: string;
  intro: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.12),transparent_65%)]">
      <div className="mx-auto max-w-4xl px-6 pt-16 pb-12 text-center sm:pt-20">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-emerald-400 uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
        <div className="mx-auto mt-4 max-w-2xl text-lg text-slate-400">{intro}</div>
        {children}
      </div>
    </div>
  );
}
