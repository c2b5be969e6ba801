import { NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { dashboardPath, dashboardScreens } from '../../lib/dashboard-screens';
import { Logo } from '../ui/logo';
import { UserMenu } from './user-menu';

/** The signed-in shell: sidebar (large screens), top bar with the user menu, and the screen. */
export function DashboardLayout() {
  const { user } = useAuth();

  return (
    <div className="min-h-screen bg-slate-950 lg:flex">
      <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-800 bg-slate-900/60 lg:flex">
        <div className="flex h-16 items-center border-b border-slate-800 px-6">
          <Logo to="/dashboard" />
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            {dashboardScreens.map((screen) => (
              <li key={screen.path}>
                <NavLink
                  to={dashboardPath(screen.path)}
                  end={screen.path === ''}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      isActive
                        ? 'bg-emerald-500/15 text-emerald-300'
                        : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                    }`
                  }
                >
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center justify-between gap-4 border-b border-slate-800 bg-slate-950/80 px-4 backdrop-blur sm:px-6 lg:justify-end">
          <div className="lg:hidden">
            <Logo to="/dashboard" />
          </div>
          {user && <UserMenu email={user.email} />}
        </header>
        <main className="flex-1 px-4 py-8 sm:px-6 lg:px-10">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
