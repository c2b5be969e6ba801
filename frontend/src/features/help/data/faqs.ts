import { SUPPORT_RESPONSE_HOURS } from '@shared/constants/business-hours';
import { MONEY_BACK_DAYS, TRIAL_DAYS, planLimits } from '@shared/constants/plans';
import { MARKET_OVERVIEW_REFRESH_MS, OPTIONS_DATA_REFRESH_MS } from '@shared/constants/timings';

/** Spec 3, FAQ: question and answer. */
export interface Faq {
  id: string;
  question: string;
  answer: string;
}

/** Spec 2, Help center: the eight FAQ items. */
export const HELP_FAQS: readonly Faq[] = [
  {
    id: 'free-trial',
    question: 'How does the free trial work?',
    answer: `Every new account gets ${TRIAL_DAYS} days with all features included, and no credit card is required. At the end of the trial, choose a plan to keep using the scanner, research assistant and alerts; your journal stays available either way.`,
  },
  {
    id: 'cancel',
    question: 'Can I cancel at any time?',
    answer: `Yes. Cancellation takes effect at the end of your current billing period, and you keep access until then. Partial periods are not refunded, but new subscribers are covered by our ${MONEY_BACK_DAYS}-day money-back guarantee.`,
  },
  {
    id: 'plans',
    question: 'What is the difference between the plans?',
    answer: `Starter includes ${planLimits.starter.aiQuestionsPerDay} AI research questions a day and the core scanner filters. Pro adds unlimited AI research, the full filter set, dark pool flow detection, API access and 24/7 emergency support. Elite adds advanced dark pool pattern analysis.`,
  },
  {
    id: 'data-refresh',
    question: 'How current is the market data?',
    answer: `Options data refreshes every ${OPTIONS_DATA_REFRESH_MS / 1000} seconds while you scan, and dashboard quotes every ${MARKET_OVERVIEW_REFRESH_MS / 1000} seconds. Some feeds, such as dark pool flow, social trends and market alerts, are currently simulated and are labelled as such in the app.`,
  },
  {
    id: 'advice',
    question: 'Is this investment advice?',
    answer:
      'No. The platform provides research tools and educational content. Scores, alerts and AI answers are not recommendations to buy or sell. Options involve substantial risk and are not suitable for every investor.',
  },
  {
    id: 'export',
    question: 'Can I export my data?',
    answer:
      'Yes. Export scan results and your trading journal to CSV, and download all your account data as a file from Account Settings under Data & Privacy.',
  },
  {
    id: 'security',
    question: 'How is my account kept secure?',
    answer:
      'Sign-in is handled by a managed identity service, passwords are never stored by us in plain text, and all traffic is encrypted. Your trades, chats and profile are only readable by your own account.',
  },
  {
    id: 'support-response',
    question: 'How quickly does support respond?',
    answer: `Our support team typically responds in under ${SUPPORT_RESPONSE_HOURS} hours during business hours. Pro and Elite subscribers also have 24/7 emergency support.`,
  },
];
