import { MONEY_BACK_DAYS, TRIAL_DAYS } from '@shared/constants/plans';

/** The pricing page's short FAQ. */
export const PRICING_FAQS = [
  {
    id: 'credit-card',
    question: 'Do I need a credit card to start the free trial?',
    answer: `No. The ${TRIAL_DAYS}-day trial includes every feature and needs only an email address.`,
  },
  {
    id: 'after-trial',
    question: 'What happens when the trial ends?',
    answer:
      'Choose a plan to keep using the scanner, research assistant and alerts. Nothing is charged automatically, and your trading journal stays available.',
  },
  {
    id: 'change-plan',
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes, at any time. Plans are billed monthly or annually in advance and renew automatically; a cancellation takes effect at the end of the current billing period.',
  },
  {
    id: 'guarantee',
    question: 'How does the money-back guarantee work?',
    answer: `If the platform is not right for you, ask for a full refund within ${MONEY_BACK_DAYS} days of your first payment. Partial billing periods are otherwise not refunded.`,
  },
] as const;
