import { type LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Book from 'lucide-react/icons/book';
import Calendar from 'lucide-react/icons/calendar';
import ChartLine from 'lucide-react/icons/chart-line';
import Download from 'lucide-react/icons/download';
import Layers from 'lucide-react/icons/layers';
import Lock from 'lucide-react/icons/lock';
import Maximize from 'lucide-react/icons/maximize';
import Search from 'lucide-react/icons/search';
import Shield from 'lucide-react/icons/shield';
import Sparkles from 'lucide-react/icons/sparkles';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import { ALERT_TRIGGERS, MAX_RISK_PER_TRADE_PERCENT } from '@shared/constants/caps';
import { EDGE_SCORE_RANGE } from '@shared/constants/ranges';
import { type FeatureSummary } from './landing';

export type FeatureSample =
  | { kind: 'table'; caption: string; columns: readonly string[]; rows: readonly (readonly string[])[] }
  | { kind: 'chat'; question: string; answer: string };

export interface FeatureShowcaseItem {
  id: string;
  icon: LucideIcon;
  title: string;
  tagline: string;
  description: string;
  benefits: readonly string[];
  sample: FeatureSample;
}

const thousands = (n: number) => n.toLocaleString('en-US');
const edgeRange = `${EDGE_SCORE_RANGE.min} to ${EDGE_SCORE_RANGE.max}`;

/** Spec 2, Features: the six sections, each with benefits and fixed sample data. */
export const FEATURE_SHOWCASE: readonly FeatureShowcaseItem[] = [
  {
    id: 'dark-pool',
    icon: Layers,
    title: 'Dark Pool Flow Detection',
    tagline: 'See the size before the move',
    description: `Large off-exchange blocks often lead options activity. The analyzer flags each print, classifies it as a human or algorithmic pattern, and scores it from ${edgeRange}, aiming to give you a 10-30 second edge.`,
    benefits: [
      'Human versus algorithmic pattern detection',
      `Edge score from ${edgeRange} on every flow`,
      'Options impact and implied move for each block',
      'Confidence filter and live or paused analysis',
    ],
    sample: {
      kind: 'table',
      caption: 'Sample dark pool flows',
      columns: ['Ticker', 'Block', 'Side', 'Pattern', 'Edge'],
      rows: [
        ['NVDA', '250K', 'Buy', 'Human', '91'],
        ['MSFT', '120K', 'Buy', 'Human', '78'],
        ['TSLA', '310K', 'Sell', 'Algo', '64'],
      ],
    },
  },
  {
    id: 'research',
    icon: Sparkles,
    title: 'AI Research Assistant',
    tagline: 'Ask in plain English',
    description:
      'Ask about market conditions, a stock or an options strategy the way you would ask a colleague. Answers are concise and actionable, with charts for the tickers you mention and suggested strategies with probability and risk.',
    benefits: [
      'Market questions answered in plain English',
      'Charts for the tickers in your question',
      'Suggested strategies with probability and risk level',
      'Your recent conversation history kept for reference',
    ],
    sample: {
      kind: 'chat',
      question: 'I am bullish on AAPL into earnings. What are my options?',
      answer: `With IV elevated before earnings, a bull call spread caps the premium you pay compared with a long call. Size it so a total loss stays within ${MAX_RISK_PER_TRADE_PERCENT}% of your account.`,
    },
  },
  {
    id: 'scanner',
    icon: Search,
    title: 'Options Scanner with Edge Scoring',
    tagline: 'The best setups, ranked',
    description:
      'Scan by ticker, strategy, IV rank and expiration with 20+ filters. Every contract comes back with its Greeks and an edge score, and results export to CSV in one click.',
    benefits: [
      '20+ filters including IV rank and max expiration',
      `Edge score from ${edgeRange} on every result`,
      'Delta, theta, IV and volume at a glance',
      'CSV export of your scan results',
    ],
    sample: {
      kind: 'table',
      caption: 'Sample scan results',
      columns: ['Ticker', 'Strategy', 'Strike', 'IV', 'Edge'],
      rows: [
        ['AAPL', 'Long Call', '$195', '28.4%', '88'],
        ['SPY', 'Iron Condor', '$540/$560', '14.2%', '76'],
        ['AMD', 'Cash Secured Put', '$150', '41.7%', '57'],
      ],
    },
  },
  {
    id: 'trends',
    icon: TrendingUp,
    title: 'Trend Alerts and Social Intelligence',
    tagline: 'Know what the crowd is chasing',
    description:
      'Follow tickers gaining momentum across four social platforms, with mention growth, sentiment, credibility scores and risk levels, so you can tell a real trend from a pump.',
    benefits: [
      'Mentions, growth rate and sentiment by ticker',
      'Risk levels from low to extreme',
      'Credibility scores and links to the sources',
      'Severity-graded trend alerts you can dismiss',
    ],
    sample: {
      kind: 'table',
      caption: 'Sample social trends',
      columns: ['Ticker', 'Mentions', 'Growth', 'Sentiment', 'Risk'],
      rows: [
        ['PLTR', '4,820', '+212%', 'Bullish', 'High'],
        ['SOFI', '2,190', '+96%', 'Bullish', 'Medium'],
        ['RIVN', '1,340', '+41%', 'Bearish', 'Low'],
      ],
    },
  },
  {
    id: 'alerts',
    icon: Bell,
    title: 'Smart Market Alerts',
    tagline: 'Only what deserves your attention',
    description: `Alerts fire on unusual options flow (blocks over ${thousands(ALERT_TRIGGERS.unusualFlowMinContracts)} contracts or volume ${ALERT_TRIGGERS.unusualFlowVolumeAboveAveragePercent}%+ above average), volume spikes, breakouts, IV jumps and dark pool blocks over ${thousands(ALERT_TRIGGERS.darkPoolBlockMinShares)} shares, each graded by severity.`,
    benefits: [
      'Low, medium and high severity levels',
      'Browser notifications you can switch on or off',
      'Live or paused feed with an alerts-today counter',
      'Counts by priority at a glance',
    ],
    sample: {
      kind: 'table',
      caption: 'Sample market alerts',
      columns: ['Ticker', 'Alert', 'Severity'],
      rows: [
        ['NVDA', 'Unusual call flow', 'High'],
        ['QQQ', `IV up ${ALERT_TRIGGERS.ivIncreasePercentPerHour}%+ in an hour`, 'Medium'],
        ['META', 'Breakout above resistance', 'Low'],
      ],
    },
  },
  {
    id: 'analytics',
    icon: ChartLine,
    title: 'Performance Analytics',
    tagline: 'Measure what works',
    description:
      'Log every trade in the journal and see your total P&L, win rate and average edge score. Open positions stay visible until you close them, and everything exports to CSV.',
    benefits: [
      'Total P&L and win rate across closed trades',
      'Trading journal with notes per trade',
      'Recent activity on your dashboard',
      'CSV export for your own analysis',
    ],
    sample: {
      kind: 'table',
      caption: 'Sample journal statistics',
      columns: ['Total Trades', 'Win Rate', 'Total P&L'],
      rows: [['48', '62.5%', '+$3,840']],
    },
  },
];

/** Spec 2, Features: eight extra feature cards. */
export const EXTRA_FEATURES: readonly FeatureSummary[] = [
  {
    icon: Calendar,
    title: 'Daily Market Summary',
    description: 'Futures, VIX, SPY and QQQ levels and the day’s key news each morning.',
  },
  {
    icon: Users,
    title: 'Risky Chatter Monitor',
    description: 'Watch risky social chatter by platform, risk level and growth rate.',
  },
  { icon: Book, title: 'Trading Journal', description: 'Record entries, exits and notes for every trade.' },
  {
    icon: Download,
    title: 'CSV Export',
    description: 'Take scans and journal data into your own spreadsheets.',
  },
  {
    icon: Shield,
    title: 'Risk Guidance',
    description: 'Risk warnings and position-sizing guidance built into the signals.',
  },
  { icon: Search, title: 'Global Search', description: 'Jump to any symbol or screen from the top bar.' },
  {
    icon: Maximize,
    title: 'Full-Screen View',
    description: 'Every key panel on one compact trading screen.',
  },
  {
    icon: Lock,
    title: 'Your Data, Your Control',
    description: 'Export your account data or delete it at any time.',
  },
];
