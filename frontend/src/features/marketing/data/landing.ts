import { type LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Book from 'lucide-react/icons/book';
import ChartLine from 'lucide-react/icons/chart-line';
import Clock from 'lucide-react/icons/clock';
import Layers from 'lucide-react/icons/layers';
import Search from 'lucide-react/icons/search';
import Shield from 'lucide-react/icons/shield';
import Sparkles from 'lucide-react/icons/sparkles';
import Target from 'lucide-react/icons/target';
import TrendingUp from 'lucide-react/icons/trending-up';
import Zap from 'lucide-react/icons/zap';
import { EDGE_SCORE_RANGE } from '@shared/constants/ranges';
import { OPTIONS_DATA_REFRESH_MS } from '@shared/constants/timings';

const edgeRange = `${EDGE_SCORE_RANGE.min}-${EDGE_SCORE_RANGE.max}`;

export interface FeatureSummary {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const HERO_CHIPS: readonly FeatureSummary[] = [
  { icon: Layers, title: 'Dark pool detection', description: 'Human vs algorithmic flow' },
  { icon: Sparkles, title: 'AI research assistant', description: 'Questions in plain English' },
  { icon: Target, title: 'Edge scoring', description: `Every setup scored ${edgeRange}` },
];

/** The landing page's six-feature grid (spec 1, features promised in the marketing copy). */
export const CORE_FEATURES: readonly FeatureSummary[] = [
  {
    icon: Layers,
    title: 'Dark Pool Flow Detection',
    description: `Spot large off-exchange prints, tell human from algorithmic patterns, and see each flow scored ${edgeRange} — aiming to give you a 10-30 second edge.`,
  },
  {
    icon: Sparkles,
    title: 'AI Research Assistant',
    description:
      'Ask about market conditions, a ticker or a strategy in plain English and get concise, actionable answers with charts and suggested strategies.',
  },
  {
    icon: Search,
    title: 'Options Scanner',
    description:
      'Filter contracts by ticker, strategy, IV rank and expiration with 20+ filters; every result carries an edge score.',
  },
  {
    icon: TrendingUp,
    title: 'Trend Alerts',
    description:
      'Catch tickers gaining momentum on social platforms, with risk levels, credibility scores and the sources behind each trend.',
  },
  {
    icon: Bell,
    title: 'Smart Market Alerts',
    description:
      'Unusual flow, volume spikes, breakouts and volatility moves, graded by severity and delivered as browser notifications.',
  },
  {
    icon: ChartLine,
    title: 'Performance Analytics',
    description:
      'Track P&L and win rate across every trade you log, and see what actually works in your own trading.',
  },
];

/** The four 'professional' features under the grid. */
export const PROFESSIONAL_FEATURES: readonly FeatureSummary[] = [
  {
    icon: Shield,
    title: 'Risk Management Tools',
    description: 'Position sizing guidance, stop levels and risk warnings on every signal.',
  },
  {
    icon: Book,
    title: 'Trading Journal',
    description: 'Log entries and exits, review your statistics, and export everything to CSV.',
  },
  {
    icon: Zap,
    title: 'Real-Time Data',
    description: `Options data refreshes every ${OPTIONS_DATA_REFRESH_MS / 1000} seconds while you scan.`,
  },
  {
    icon: Clock,
    title: '24/7 Emergency Support',
    description: 'Pro and Elite subscribers reach a person around the clock when it matters.',
  },
];

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  /** 1-5 stars. */
  rating: number;
}

/** Spec 2: three testimonials, marketing only (illustrative, not verified customer reviews). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Sarah Chen',
    role: 'Independent Options Trader',
    company: 'Self-employed',
    content:
      'The dark pool view changed how I read the tape. Seeing whether a block looks human or algorithmic, with a score next to it, keeps me out of a lot of bad entries.',
    rating: 5,
  },
  {
    name: 'Marcus Johnson',
    role: 'Portfolio Manager',
    company: 'Riverside Capital',
    content:
      'I use the research assistant every morning to pressure-test ideas before the open. Plain-English answers, straight to the point.',
    rating: 5,
  },
  {
    name: 'Elena Rodriguez',
    role: 'Swing Trader',
    company: 'Day Trading Collective',
    content:
      'Edge scores plus IV rank filters cut my scan time from an hour to minutes. The journal keeps me honest about what is working.',
    rating: 4,
  },
];
