import { NavLink } from 'react-router-dom';
import { dashboardPath, dashboardScreens } from '../../lib/dashboard-screens';
import { ShellIcon, type ShellIconName } from './shell-icons';

const screenIcons: Record<(typeof dashboardScreens)[number]['path'], ShellIconName> = {
  '': 'dashboard',
  scanner: 'scanner',
  research: 'research',
  darkpool: 'darkpool',
  'trend-alerts': 'trend',
  alerts: 'alerts',
  'risky-chatter': 'chatter',
  journal: 'journal',
  account: 'account',
};

const itemClasses = (active: boolean) =>
  `flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-emerald-400 ${
    active ? 'bg-emerald-500/15 text-emerald-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
  }`;

/**
 * Every signed-in screen (spec 2, sidebar) and 'Tutorial & Help', which restarts the tour. The
 * sidebar and the phone drawer both render this; `onNavigate` lets the drawer close itself.
 */
export function ShellNav({
  label,
  onNavigate,
  onStartTour,
}: {
  label: string;
  onNavigate?: () => void;
  onStartTour: () => void;
}) {
  return (
    <nav aria-label={label} className="flex flex-1 flex-col overflow-y-auto p-3">
      <ul className="space-y-1">
        {dashboardScreens.map((screen) => (
          <li key={screen.path}>
            <NavLink
              to={dashboardPath(screen.path)}
              end={screen.path === ''}
              onClick={onNavigate}
              className={({ isActive }) => itemClasses(isActive)}
            >
              <ShellIcon name={screenIcons[screen.path]} className="size-5 shrink-0" />
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t border-slate-800 pt-3">
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            onStartTour();
          }}
          className={itemClasses(false)}
        >
          <ShellIcon name="tutorial" className="size-5 shrink-0" />
          Tutorial &amp; Help
        </button>
      </div>
    </nav>
  );
}
