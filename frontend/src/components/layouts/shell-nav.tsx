import { type LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Book from 'lucide-react/icons/book';
import CirclePlay from 'lucide-react/icons/circle-play';
import Layers from 'lucide-react/icons/layers';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import MessageSquare from 'lucide-react/icons/message-square';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Search from 'lucide-react/icons/search';
import TrendingUp from 'lucide-react/icons/trending-up';
import User from 'lucide-react/icons/user';
import { NavLink } from 'react-router-dom';
import { dashboardPath, dashboardScreens } from '../../lib/dashboard-screens';

const screenIcons: Record<(typeof dashboardScreens)[number]['path'], LucideIcon> = {
  '': LayoutDashboard,
  scanner: Search,
  research: MessageSquare,
  darkpool: Layers,
  'trend-alerts': TrendingUp,
  alerts: Bell,
  'risky-chatter': MessagesSquare,
  journal: Book,
  account: User,
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
        {dashboardScreens.map((screen) => {
          const ScreenIcon = screenIcons[screen.path];
          return (
            <li key={screen.path}>
              <NavLink
                to={dashboardPath(screen.path)}
                end={screen.path === ''}
                onClick={onNavigate}
                className={({ isActive }) => itemClasses(isActive)}
              >
                <ScreenIcon className="size-5 shrink-0" />
                {screen.label}
              </NavLink>
            </li>
          );
        })}
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
          <CirclePlay className="size-5 shrink-0" />
          Tutorial &amp; Help
        </button>
      </div>
    </nav>
  );
}
