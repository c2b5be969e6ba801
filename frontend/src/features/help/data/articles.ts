import Bell from 'lucide-react/icons/bell';
import Book from 'lucide-react/icons/book';
import ChartLine from 'lucide-react/icons/chart-line';
import Layers from 'lucide-react/icons/layers';
import Search from 'lucide-react/icons/search';
import Sparkles from 'lucide-react/icons/sparkles';
import {
  ALERT_CONFIDENCE_SLIDER,
  DARK_POOL_CONFIDENCE_SLIDER,
  EDGE_SCORE_RANGE,
  IV_RANK_RANGE,
} from '@shared/constants/ranges';
import {
  ALERT_TRIGGERS,
  CHAT_HISTORY_LIMIT,
  CHAT_MAX_CHARTS,
  MARKET_ALERTS_SHOWN_MAX,
  MAX_RISK_PER_TRADE_PERCENT,
  OPTIONS_STOP_LOSS_PERCENT,
} from '@shared/constants/caps';
import { MONEY_BACK_DAYS, PRICING_PLANS, TRIAL_DAYS, planLimits } from '@shared/constants/plans';
import { JOURNAL_STRATEGIES, SCANNER_STRATEGIES } from '@shared/constants/strategies';
import { NOTIFICATIONS_ENABLED } from '@shared/constants/texts';
import {
  MARKET_OVERVIEW_REFRESH_MS,
  NOTIFICATION_AUTO_CLOSE_MS,
  OPTIONS_DATA_REFRESH_MS,
} from '@shared/constants/timings';
import { passwordPolicy } from '@shared/auth/password-policy';
import { type HelpCategory } from './types';

const seconds = (ms: number) => ms / 1000;
const thousands = (n: number) => n.toLocaleString('en-US');

const planSummary = PRICING_PLANS.map((plan) => `${plan.name} ($${plan.price}/${plan.period})`).join(', ');
const scannerStrategyNames = SCANNER_STRATEGIES.filter((s) => s.value !== 'all')
  .map((s) => s.label)
  .join(', ');

// A worked position-sizing example built from the help-text rules.
const EXAMPLE_ACCOUNT = 25_000;
const EXAMPLE_PREMIUM = 2.5;
const exampleMaxRisk = (EXAMPLE_ACCOUNT * MAX_RISK_PER_TRADE_PERCENT) / 100;
const exampleContractCost = EXAMPLE_PREMIUM * 100;
const exampleRiskPerContract = (exampleContractCost * OPTIONS_STOP_LOSS_PERCENT.max) / 100;
const exampleContracts = Math.floor(exampleMaxRisk / exampleRiskPerContract);

/** Spec 2, Help center: the six categories and their articles. */
export const HELP_CATEGORIES: readonly HelpCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    icon: Book,
    articles: [
      {
        id: 'setting-up-your-account',
        title: 'Setting Up Your Account',
        readTime: '3 min read',
        views: 15_420,
        content: [
          `Choose Start Free Trial, enter your email address and a password of at least ${passwordPolicy.minLength} characters with upper- and lowercase letters and a number, and confirm the code we email you. Your email must be verified before you can sign in.`,
          `Every new account starts with a ${TRIAL_DAYS}-day free trial with all features included, and no credit card is required. When the trial ends you can pick a plan from the Pricing page.`,
          'The first time you sign in, a short guided tour walks you through the scanner, dark pool flow, the research assistant, alerts and the journal. You can replay it at any time from Tutorial & Help in the sidebar.',
        ],
      },
      {
        id: 'navigating-the-dashboard',
        title: 'Navigating the Dashboard',
        readTime: '4 min read',
        views: 11_870,
        content: [
          'The dashboard opens with four stat cards (portfolio value, today’s P&L, win rate and more) calculated from the trades in your journal, followed by your recent activity and the daily market summary.',
          `The Market Overview panel lists the major index ETFs, the VIX, the dollar, gold, treasuries and a handful of large-cap stocks, and refreshes every ${seconds(MARKET_OVERVIEW_REFRESH_MS)} seconds. Use its refresh button to update it immediately.`,
          'The search box in the top bar finds symbols and screens: type a ticker and press Enter to open it in the scanner. Full Screen View puts the key panels on one compact screen for trading sessions.',
        ],
      },
      {
        id: 'choosing-a-plan',
        title: 'Choosing the Right Plan',
        readTime: '3 min read',
        views: 8_340,
        content: [
          `There are three plans: ${planSummary}. Each starts with the same ${TRIAL_DAYS}-day free trial, so you can try everything before deciding.`,
          `Starter covers the essentials with ${planLimits.starter.aiQuestionsPerDay} AI research questions a day and the core scanner filters. Pro adds unlimited AI research, the full filter set, dark pool flow detection and API access. Elite adds advanced dark pool pattern analysis on top of Pro.`,
          `Every paid plan comes with a ${MONEY_BACK_DAYS}-day money-back guarantee. You can change or cancel your plan at any time; a cancellation takes effect at the end of the current billing period.`,
        ],
      },
    ],
  },
  {
    id: 'options-scanner',
    title: 'Options Scanner',
    icon: Search,
    articles: [
      {
        id: 'running-your-first-scan',
        title: 'Running Your First Scan',
        readTime: '5 min read',
        views: 18_950,
        content: [
          'Open the scanner from the sidebar. Leave the ticker empty to scan the whole universe, or type a US stock ticker (upper or lower case both work) to focus on one name.',
          `Pick a strategy (${scannerStrategyNames}) or leave it on All Strategies, set the IV Rank slider (${IV_RANK_RANGE.min}-${IV_RANK_RANGE.max}%, default ${IV_RANK_RANGE.default}%), and optionally a maximum expiration date. Then run the scan.`,
          `Results show ticker, strategy, strike, last price, implied volatility, delta, theta, volume and an edge score. Options data refreshes every ${seconds(OPTIONS_DATA_REFRESH_MS)} seconds, and Export CSV downloads the current results for your own analysis.`,
        ],
      },
      {
        id: 'understanding-edge-scores',
        title: 'Understanding Edge Scores',
        readTime: '4 min read',
        views: 21_300,
        content: [
          `Every scan result carries an edge score from ${EDGE_SCORE_RANGE.min} to ${EDGE_SCORE_RANGE.max}. The score summarises how many favourable factors line up for that contract: pricing relative to volatility, liquidity, the Greeks and the strategy’s fit with current conditions.`,
          'Read the score in bands: 80-100 excellent, 60-79 good, 40-59 average, 20-39 below average and 0-19 poor. The colour of the badge follows the same bands.',
          'An edge score ranks opportunities; it is not a probability of profit. Use it to decide what to research first, then check the chart, upcoming events such as earnings, and how the trade fits your risk limits.',
        ],
      },
      {
        id: 'iv-rank-and-strategy',
        title: 'IV Rank and Choosing a Strategy',
        readTime: '6 min read',
        views: 13_210,
        content: [
          'IV rank tells you where a stock’s current implied volatility sits within its range over the past year: (current IV − 52-week low IV) ÷ (52-week high IV − 52-week low IV) × 100. An IV rank of 80 means IV is near the top of its yearly range; 10 means it is near the bottom.',
          'When IV rank is high, options are relatively expensive, which tends to favour premium-selling strategies such as covered calls, cash-secured puts and iron condors. When IV rank is low, options are relatively cheap, which tends to favour buying strategies such as long calls, long puts and debit spreads.',
          'Implied volatility often falls sharply after earnings (the “IV crush”), so a long option bought just before an announcement can lose value even when the stock moves your way. Check the earnings date before you trade.',
        ],
      },
    ],
  },
  {
    id: 'ai-research-assistant',
    title: 'AI Research Assistant',
    icon: Sparkles,
    articles: [
      {
        id: 'asking-better-questions',
        title: 'Asking Better Questions',
        readTime: '3 min read',
        views: 12_640,
        content: [
          'The assistant answers best when you are specific: name the ticker, your timeframe, your outlook and how much risk you want to take. “I am mildly bullish on AAPL over the next month, what defined-risk trades fit?” gets a far better answer than “AAPL?”.',
          `Mention tickers such as SPY, QQQ, AAPL, TSLA or NVDA to get up to ${CHAT_MAX_CHARTS} charts with the answer; asking about “the market” or an “index” charts SPY and QQQ.`,
          'Words like bullish, bearish, call or put steer the suggested strategies toward that direction. Answers are kept concise and actionable, so ask a follow-up question when you want more depth.',
        ],
      },
      {
        id: 'reading-suggested-strategies',
        title: 'Reading Suggested Strategies',
        readTime: '3 min read',
        views: 9_480,
        content: [
          'Many answers end with Suggested Strategies: a symbol, a strategy, an estimated probability and a risk level coloured green for low, yellow for medium and red for high.',
          'The probability is a rough model estimate, not a promise. A high-probability trade usually pays less when it works, and a low-probability trade usually pays more; compare the two with the scanner before acting.',
          'Treat every suggestion as a starting point for your own research. The assistant does not know your whole portfolio, tax situation or goals, and nothing it says is investment advice.',
        ],
      },
      {
        id: 'chat-history-and-limits',
        title: 'Chat History and Daily Limits',
        readTime: '2 min read',
        views: 6_120,
        content: [
          `Your last ${CHAT_HISTORY_LIMIT} messages load when you open the Research Assistant, so you can pick up where you left off. Conversations are private to your account.`,
          `Starter includes ${planLimits.starter.aiQuestionsPerDay} questions a day; Pro and Elite are unlimited. The daily count resets at midnight UTC.`,
          'If the assistant is temporarily unavailable you will see a short notice instead of an answer; wait a moment and ask again.',
        ],
      },
    ],
  },
  {
    id: 'dark-pool-flow',
    title: 'Dark Pool Flow',
    icon: Layers,
    articles: [
      {
        id: 'what-is-dark-pool-flow',
        title: 'What Is Dark Pool Flow?',
        readTime: '5 min read',
        views: 19_730,
        content: [
          'Dark pools are private trading venues where institutions buy and sell large blocks of shares without showing their orders on a public exchange first. The trades are still reported to the consolidated tape, but only after they execute.',
          `Because large blocks can signal institutional positioning, traders watch them for clues. The analyzer highlights blocks over ${thousands(ALERT_TRIGGERS.darkPoolBlockMinShares)} shares with their size, side, price and the likely impact on the stock’s options.`,
          'Not every block is a directional bet: many are hedges, index rebalances or crosses between funds. Treat a large print as a reason to look closer, not as a signal on its own. The flows in the app are currently simulated, so use the screen to learn the workflow.',
        ],
      },
      {
        id: 'human-vs-algorithmic-patterns',
        title: 'Human vs Algorithmic Patterns',
        readTime: '4 min read',
        views: 10_250,
        content: [
          'Algorithmic execution slices a large order into many similar pieces at regular intervals, often to track VWAP or TWAP. Human-driven blocks tend to be irregular: round-number sizes, printed at meaningful price levels, and clustered around news.',
          'The analyzer labels each flow as human or algorithmic and shows the patterns it detects with their timeframe and confidence. Turn on Algo Only to study algorithmic flow by itself.',
          `Use the confidence slider (${DARK_POOL_CONFIDENCE_SLIDER.min}-${DARK_POOL_CONFIDENCE_SLIDER.max}, default ${DARK_POOL_CONFIDENCE_SLIDER.default}) to hide low-confidence detections, and the ticker search to focus on the names you trade.`,
        ],
      },
      {
        id: 'dark-pool-edge-scores',
        title: 'Dark Pool Edge Scores',
        readTime: '3 min read',
        views: 8_960,
        content: [
          'Each flow gets an edge score that weighs four things: base factors such as size and price (40%), pattern analysis (30%), market context (20%) and correlation with options activity (10%).',
          'Read dark pool scores with their own guide: 90-100 exceptional, 80-89 excellent, 70-79 good, 60-69 average, and under 60 below average.',
          'A high score means the print stands out on several dimensions at once. Confirm it with price action and options volume before acting on it.',
        ],
      },
    ],
  },
  {
    id: 'alerts-and-notifications',
    title: 'Alerts and Notifications',
    icon: Bell,
    articles: [
      {
        id: 'alert-types-and-triggers',
        title: 'Alert Types and Triggers',
        readTime: '4 min read',
        views: 14_380,
        content: [
          `Unusual options flow alerts fire on blocks over ${thousands(ALERT_TRIGGERS.unusualFlowMinContracts)} contracts or on volume ${ALERT_TRIGGERS.unusualFlowVolumeAboveAveragePercent}%+ above average. High volume alerts fire when volume runs ${ALERT_TRIGGERS.highVolumeAbove20DayAveragePercent}%+ above the 20-day average.`,
          `Volatility spike alerts fire when implied volatility rises more than ${ALERT_TRIGGERS.ivIncreasePercentPerHour}% within an hour, and dark pool alerts on blocks over ${thousands(ALERT_TRIGGERS.darkPoolBlockMinShares)} shares. Price breakouts, technical signals and earnings round out the list.`,
          'Every alert has a severity (Low, Medium, High or Critical) so you can decide at a glance what needs your attention now.',
        ],
      },
      {
        id: 'enabling-browser-notifications',
        title: 'Enabling Browser Notifications',
        readTime: '2 min read',
        views: 7_650,
        content: [
          `Switch notifications on from the Market Alerts screen and allow them when your browser asks. A test notification (“${NOTIFICATIONS_ENABLED}”) confirms they work.`,
          'If you blocked notifications earlier, the browser will not ask again: open your browser’s site settings, allow notifications for this site, and switch them on again in the app.',
          `Notifications close themselves after ${seconds(NOTIFICATION_AUTO_CLOSE_MS)} seconds unless the alert is high severity, which stays until you dismiss it.`,
        ],
      },
      {
        id: 'managing-alert-volume',
        title: 'Managing Alert Volume',
        readTime: '3 min read',
        views: 5_870,
        content: [
          'Pause the feed with the Live/Paused toggle when you need to concentrate; resuming picks up new alerts again.',
          `Raise the confidence threshold (${ALERT_CONFIDENCE_SLIDER.min}%-${ALERT_CONFIDENCE_SLIDER.max}%) to see fewer, stronger alerts. The feed keeps the latest ${MARKET_ALERTS_SHOWN_MAX} alerts, and the counters show how many are High, Medium and Low.`,
          'A good routine: act only on High alerts during the session, and review Medium and Low ones after the close.',
        ],
      },
    ],
  },
  {
    id: 'trading-journal',
    title: 'Trading Journal',
    icon: ChartLine,
    articles: [
      {
        id: 'logging-your-trades',
        title: 'Logging Your Trades',
        readTime: '3 min read',
        views: 9_920,
        content: [
          `Choose Add Trade and enter the ticker, the strategy (${JOURNAL_STRATEGIES.join(', ')}) and the entry price. Add the exit price when you close the trade; leave it empty while the position is open.`,
          'Prices are per-share option premiums, so profit and loss is (exit − entry) × 100 per contract. A trade bought at $2.50 and sold at $3.10 shows +$60.',
          'Trades cannot be edited after they are saved; delete a trade and add it again to correct it. Use the notes field to record why you entered: it is the most valuable part of a journal.',
        ],
      },
      {
        id: 'understanding-your-statistics',
        title: 'Understanding Your Statistics',
        readTime: '3 min read',
        views: 7_310,
        content: [
          'Total P&L adds up your closed trades. Open trades are not counted until they have an exit price.',
          'Win rate is the share of closed trades that made money. A low win rate can still be profitable if winners are much larger than losers, so read it together with total P&L.',
          'Export the journal to CSV to analyse it further, for example by strategy or by month, and to spot which setups actually work for you.',
        ],
      },
      {
        id: 'risk-management-basics',
        title: 'Risk Management Basics',
        readTime: '5 min read',
        views: 16_840,
        content: [
          `Risk at most ${MAX_RISK_PER_TRADE_PERCENT}% of your account on any single trade. A string of losses is normal, and small position sizes keep you in the game long enough for your edge to show.`,
          `Set a stop before you enter: ${OPTIONS_STOP_LOSS_PERCENT.min}-${OPTIONS_STOP_LOSS_PERCENT.max}% of the premium paid is a common range for options. Example: with a $${thousands(EXAMPLE_ACCOUNT)} account you can risk $${thousands(exampleMaxRisk)}; a $${EXAMPLE_PREMIUM.toFixed(2)} option costs $${exampleContractCost} per contract, a ${OPTIONS_STOP_LOSS_PERCENT.max}% stop risks $${exampleRiskPerContract} per contract, so ${exampleContracts} contracts is the maximum.`,
          'Options can gap through a stop overnight or on news, so the real loss can exceed the plan. Defined-risk strategies such as spreads cap the worst case, and avoiding oversized positions before earnings limits surprise losses.',
        ],
      },
    ],
  },
];

export interface PopularArticle {
  articleId: string;
  description: string;
}

/** The four popular articles, by id, with a one-line description. */
export const POPULAR_ARTICLES: readonly PopularArticle[] = [
  {
    articleId: 'understanding-edge-scores',
    description: `What the ${EDGE_SCORE_RANGE.min}-${EDGE_SCORE_RANGE.max} score means and how to use it.`,
  },
  { articleId: 'running-your-first-scan', description: 'Filters, results and CSV export, step by step.' },
  { articleId: 'what-is-dark-pool-flow', description: 'Why large off-exchange blocks matter.' },
  { articleId: 'risk-management-basics', description: 'Position sizing and stops for options traders.' },
];
