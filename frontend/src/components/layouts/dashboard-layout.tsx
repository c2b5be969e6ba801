import { useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { Logo } from '../ui/logo';
import { MobileNav } from './mobile-nav';
import { ShellNav } from './shell-nav';
import { FullScreenToggle, HelpLink, NewsButton } from './top-bar-actions';
import { UserMenu } from './user-menu';

export type DashboardLayoutProps = {
  /** The top bar's global search. */
  search?: ReactNode;
  /** What full-screen mode shows instead of the page (spec 2: the compact grid). */
  fullScreenView?: ReactNode;
  /** Restarts the onboarding tour ('Tutorial & Help', 'View Tutorial'). */
  onStartTour?: () => void;
  /** Rendered over everything (the tour, the daily summary). */
  overlays?: ReactNode;
};

const noop = () => {};

/**
 * The signed-in shell (spec 2): the sidebar on large screens, a menu button and drawer on small
 * ones; a top bar with search, Full Screen, Help, News and the user menu; and the screen, or in
 * full-screen mode the compact grid in its place (every path here is under /dashboard).
 */
export function DashboardLayout({
  search,
  fullScreenView,
  onStartTour = noop,
  overlays,
}: DashboardLayoutProps) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [fullScreen, setFullScreen] = useState(false);
  const showGrid = fullScreen && pathname.startsWith('/dashboard');

  return (
    <div className="min-h-screen bg-slate-950 lg:flex">
      {!showGrid && (
        <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r border-slate-800 bg-slate-900/60 lg:flex">
          <div className="flex h-16 shrink-0 items-center border-b border-slate-800 px-6">
            <Logo to="/dashboard" />
          </div>
          <ShellNav label="Main" onStartTour={onStartTour} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-800 bg-slate-950/90 backdrop-blur">
          {/* One row from md up; below it the search wraps onto a full-width second row. */}
          <div className="flex flex-wrap items-center gap-2 px-3 py-3 sm:gap-3 sm:px-6 md:h-16 md:flex-nowrap md:py-0">
            {!showGrid && <MobileNav onStartTour={onStartTour} />}
            {/* Phones show the brand mark alone (the name stays the link's accessible name). */}
            <div
              className={`shrink-0 max-sm:[&_a]:text-[0px] sm:[&_a]:text-base ${showGrid ? '' : 'lg:hidden'}`}
            >
              <Logo to="/dashboard" />
            </div>
            {search && (
              <div className="order-last min-w-0 basis-full md:order-none md:max-w-xl md:flex-1 md:basis-auto">
                {search}
              </div>
            )}
            <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
              <NewsButton />
              <HelpLink />
              <FullScreenToggle on={fullScreen} onToggle={() => setFullScreen((on) => !on)} />
              {user && <UserMenu email={user.email} onViewTutorial={onStartTour} />}
            </div>
          </div>
        </header>
        <main className={`flex-1 ${showGrid ? 'p-3 sm:p-4' : 'px-4 py-8 sm:px-6 lg:px-10'}`}>
          {showGrid ? fullScreenView : <Outlet />}
        </main>
      </div>
      {overlays}
    </div>
  );
}
