/**
 * The screens global search can open (spec 3: name, description, path). Names are the screens'
 * titles; descriptions say what each is for, including the strategies the scanner finds, so
 * 'iron condor' or 'straddle' leads to it (the placeholder promises strategies).
 */
import type { SearchPage } from '@shared/search/global-search';
import { dashboardPath, dashboardScreens } from '../../../lib/dashboard-screens';

const descriptions: Record<(typeof dashboardScreens)[number]['path'], string> = {
  '': 'Portfolio value, today P&L, win rate, open positions, recent activity and the market overview',
  scanner:
    'Scan options by edge score: long calls and puts, covered calls, cash-secured puts, iron condors, butterflies, straddles and strangles',
  research: 'Ask the AI assistant about market conditions, stock analysis or options strategies',
  darkpool: 'Dark pool prints and institutional block trades, human or algorithmic, with edge scores',
  'trend-alerts': 'Momentum, breakout, volume and social alerts with price targets and evidence',
  alerts: 'Live market alerts by severity, unusual options flow, volume spikes and notifications',
  'risky-chatter': 'Trending tickers on social platforms with risk levels and sentiment',
  journal: 'Log trades, P&L, win rate, average edge score and CSV export',
  account: 'Profile, notification preferences, subscription, two-factor authentication and data export',
};

export const SEARCH_PAGES: readonly SearchPage[] = [
  ...dashboardScreens.map((screen) => ({
    name: screen.title,
    description: descriptions[screen.path],
    path: dashboardPath(screen.path),
  })),
  {
    name: 'Help Center',
    description: 'Guides, tutorials and answers to frequently asked questions; contact support',
    path: '/help',
  },
];
