/**
 * Spec 2 and 3, onboarding steps: id, title, description, icon, features, demo action and the
 * route it opens, in the spec's order (ONBOARDING_STEPS). The welcome step has no route.
 */
import { type LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Book from 'lucide-react/icons/book';
import Layers from 'lucide-react/icons/layers';
import MessageSquare from 'lucide-react/icons/message-square';
import Sparkles from 'lucide-react/icons/sparkles';
import Target from 'lucide-react/icons/target';
import { ONBOARDING_STEPS } from '@shared/constants/caps';

export type TourStepId = (typeof ONBOARDING_STEPS)[number];

export interface TourStep {
  id: TourStepId;
  title: string;
  description: string;
  icon: LucideIcon;
  features: readonly string[];
  /** The 'Try Feature' button's destination; absent on the welcome step. */
  route?: string;
}

const content: Record<TourStepId, Omit<TourStep, 'id'>> = {
  welcome: {
    title: 'Welcome to Edge Options',
    description:
      'Your research desk for options trading. This short tour shows the tools you will use every day and where to find them.',
    icon: Sparkles,
    features: [
      'Options scanner with edge scores from 0 to 100',
      'Dark pool flow with human and algorithmic patterns',
      'An AI research assistant that answers in plain English',
      'Market alerts and a trading journal with analytics',
    ],
  },
  scanner: {
    title: 'Options Scanner',
    description:
      'Scan the market for options positions and rank them by edge score, with the reasons behind every score.',
    icon: Target,
    features: [
      '20+ filters: IV rank, delta, expiration, volume, probability of profit',
      'Eight strategies, from long calls to iron condors',
      'Payoff diagrams and full option chains',
      'Export the results to CSV',
    ],
    route: '/dashboard/scanner',
  },
  darkpool: {
    title: 'Dark Pool Flow',
    description:
      'Follow large off-exchange prints and see whether they look like a human desk or an algorithm working an order.',
    icon: Layers,
    features: [
      'Block size, side and institutional signature',
      'Human versus algorithmic pattern detection',
      'What each print may mean for the options market',
      'Edge score and confidence filter',
    ],
    route: '/dashboard/darkpool',
  },
  research: {
    title: 'AI Research Assistant',
    description:
      'Ask about market conditions, a stock or a strategy, and get a concise answer with charts and strategy ideas.',
    icon: MessageSquare,
    features: [
      'Questions in plain English',
      'Charts for the tickers you mention',
      'Suggested strategies with probability and risk',
      'Your last 50 messages kept',
    ],
    route: '/dashboard/research',
  },
  alerts: {
    title: 'Market Alerts',
    description:
      'A live feed of unusual options flow, volume spikes and breakouts, ranked by severity, with browser notifications.',
    icon: Bell,
    features: [
      'High, medium and low priority alerts',
      'Unusual flow, volume and volatility triggers',
      'Browser notifications you can turn on or off',
      'Pause and resume the feed',
    ],
    route: '/dashboard/alerts',
  },
  journal: {
    title: 'Trading Journal',
    description: 'Record every trade and see what works: P&L, win rate and average edge score at a glance.',
    icon: Book,
    features: [
      'Open and closed trades with P&L',
      'Win rate, total P&L and average edge score',
      'Recent activity on your dashboard',
      'CSV export of your history',
    ],
    route: '/dashboard/journal',
  },
};

export const TOUR_STEPS: readonly TourStep[] = ONBOARDING_STEPS.map((id) => ({ id, ...content[id] }));
