/**
 * Spec 2: the signed-in screens, in the sidebar's order, with the sidebar label and the screen
 * title. The router and the sidebar both read this list.
 */
export const dashboardScreens = [
  { path: '', label: 'Dashboard', title: 'Dashboard' },
  { path: 'scanner', label: 'Scanner', title: 'Options Scanner' },
  { path: 'research', label: 'Research Assistant', title: 'Research Assistant' },
  { path: 'darkpool', label: 'Dark Pool Flow', title: 'Dark Pool Flow Analyzer' },
  { path: 'trend-alerts', label: 'Trend Alerts', title: 'Trend Alerts' },
  { path: 'alerts', label: 'Alerts', title: 'Market Alerts' },
  { path: 'risky-chatter', label: 'Risky Chatter', title: 'Risky Chatter' },
  { path: 'journal', label: 'Journal', title: 'Trading Journal' },
  { path: 'account', label: 'Account', title: 'Account Settings' },
] as const;

export const dashboardPath = (path: string) => (path ? `/dashboard/${path}` : '/dashboard');
