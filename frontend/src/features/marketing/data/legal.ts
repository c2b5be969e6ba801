import { MONEY_BACK_DAYS, TRIAL_DAYS } from '@shared/constants/plans';
import { BRAND_NAME } from '../../../components/ui/logo';
import { CONTACT_EMAILS } from '../contact-details';

export const LEGAL_LAST_UPDATED = 'January 19, 2025';

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

/** Spec 2, Privacy Policy: rights requests answered within 30 days; for ages 18 and over. */
export const PRIVACY_RIGHTS_RESPONSE_DAYS = 30;
export const MINIMUM_AGE = 18;

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    heading: 'Acceptance of These Terms',
    paragraphs: [
      `These Terms of Service govern your use of the ${BRAND_NAME} website and platform (the “Service”). By creating an account or using the Service you agree to these terms. If you do not agree, do not use the Service.`,
      `You must be at least ${MINIMUM_AGE} years old and able to form a binding contract to use the Service.`,
    ],
  },
  {
    id: 'service',
    heading: 'The Service',
    paragraphs: [
      'The Service provides research tools for options traders, including an options scanner, an AI research assistant, dark pool flow analysis, market and trend alerts, and a trading journal. Some data shown in the Service is simulated or delayed and is labelled accordingly.',
      'We may add, change or remove features at any time. We will give reasonable notice of changes that materially reduce the Service you pay for.',
    ],
  },
  {
    id: 'no-advice',
    heading: 'No Investment Advice',
    paragraphs: [
      'The Service is provided for information and education only. Nothing in it, including edge scores, alerts, AI answers and suggested strategies, is investment, financial, legal or tax advice, or a recommendation to buy or sell any security.',
      'Options trading involves substantial risk and is not suitable for every investor. You are solely responsible for your trading decisions and their results. Past performance, including any figures in our marketing, does not guarantee future results.',
    ],
  },
  {
    id: 'accounts',
    heading: 'Your Account',
    paragraphs: [
      'You are responsible for keeping your password confidential and for all activity under your account. Tell us promptly if you suspect unauthorised access.',
      'You may not share your account, resell the Service, scrape or copy its data in bulk, or attempt to interfere with its security or operation.',
    ],
  },
  {
    id: 'billing',
    heading: 'Subscriptions and Billing',
    paragraphs: [
      `New accounts start with a ${TRIAL_DAYS}-day free trial; no credit card is required to start it. After the trial, continued access requires a paid subscription.`,
      'Subscriptions are billed monthly or annually, in advance, at the price shown when you subscribe. Your subscription renews automatically at the end of each billing period until you cancel it.',
      'We may change prices for future billing periods; we will notify you before a change applies to you, and you may cancel before it takes effect.',
    ],
  },
  {
    id: 'cancellation',
    heading: 'Cancellation and Refunds',
    paragraphs: [
      'You may cancel at any time from your account or by contacting support. Cancellation takes effect at the end of the current billing period, and you keep access until then.',
      `We do not give refunds or credits for partial billing periods. As an exception, if you are not satisfied, you may request a full refund of your first payment within ${MONEY_BACK_DAYS} days of it under our ${MONEY_BACK_DAYS}-day money-back guarantee.`,
    ],
  },
  {
    id: 'intellectual-property',
    heading: 'Intellectual Property',
    paragraphs: [
      'The Service, its software, design and content belong to us or our licensors. We grant you a limited, personal, non-transferable right to use the Service while your account is in good standing. Your own data, such as your journal entries, remains yours.',
    ],
  },
  {
    id: 'liability',
    heading: 'Disclaimers and Limitation of Liability',
    paragraphs: [
      'The Service is provided “as is” and “as available”. Market data may be delayed, incomplete or inaccurate, and we do not warrant that the Service will be uninterrupted or error-free.',
      'To the fullest extent permitted by law, we are not liable for trading losses or for indirect, incidental or consequential damages. Our total liability for any claim is limited to the amount you paid us in the twelve months before the claim.',
    ],
  },
  {
    id: 'termination',
    heading: 'Suspension and Termination',
    paragraphs: [
      'We may suspend or close accounts that breach these terms or put the Service or other users at risk. You may close your account at any time from Account Settings.',
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to These Terms',
    paragraphs: [
      'We may update these terms. If a change is material we will notify you by email or in the Service before it takes effect. Continuing to use the Service after that means you accept the updated terms.',
    ],
  },
  {
    id: 'contact',
    heading: 'Contact',
    paragraphs: [`Questions about these terms: ${CONTACT_EMAILS.support}.`],
  },
];

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'overview',
    heading: 'Overview',
    paragraphs: [
      `This Privacy Policy explains what personal information ${BRAND_NAME} collects when you use our website and platform, why we collect it, and the choices and rights you have.`,
    ],
  },
  {
    id: 'collection',
    heading: 'Information We Collect',
    paragraphs: [
      'Account information: your email address, your name if you add it, and your sign-in credentials (passwords are handled by our identity provider and never stored by us in plain text).',
      'Content you create: trades and notes in your journal, questions you ask the research assistant and its answers, your notification preferences, and messages you send us through the contact form.',
      'Usage and device information: pages visited, features used, browser type and IP address, collected to keep the Service secure and working. The browser also stores a few settings locally, such as whether you completed the onboarding tour and your recent searches.',
    ],
  },
  {
    id: 'use',
    heading: 'How We Use Information',
    paragraphs: [
      'To provide and secure the Service, to answer your questions, to send service messages such as sign-in codes and billing notices, to enforce plan limits, and to improve the product.',
      'Questions you ask the research assistant are sent to our AI provider to generate an answer. We do not sell your personal information and do not use it for third-party advertising.',
    ],
  },
  {
    id: 'sharing',
    heading: 'How We Share Information',
    paragraphs: [
      'We share information only with service providers that help us run the Service (cloud hosting, identity, payments, AI and email), under contracts that limit their use of it; when required by law; or as part of a merger or acquisition, with notice to you.',
    ],
  },
  {
    id: 'retention',
    heading: 'Data Retention and Security',
    paragraphs: [
      'We keep your information while your account is open and delete it when you delete your account, except where we must keep records by law. Data is encrypted in transit and at rest, and access is limited to people who need it.',
    ],
  },
  {
    id: 'rights',
    heading: 'Your Rights',
    paragraphs: [
      'You can access, correct, export and delete your information. Export your data and delete your account from Account Settings, or email us with any other request.',
      `We answer rights requests within ${PRIVACY_RIGHTS_RESPONSE_DAYS} days. Depending on where you live, you may also have the right to object to or restrict certain processing and to complain to a data protection authority.`,
    ],
  },
  {
    id: 'children',
    heading: 'Age Requirement',
    paragraphs: [
      `The Service is intended for people aged ${MINIMUM_AGE} and over. We do not knowingly collect information from anyone under ${MINIMUM_AGE}; if you believe we have, contact us and we will delete it.`,
    ],
  },
  {
    id: 'changes',
    heading: 'Changes to This Policy',
    paragraphs: [
      'We may update this policy. We will post the new version here with a new date and, for material changes, notify you by email or in the Service.',
    ],
  },
  {
    id: 'contact',
    heading: 'Contact Us',
    paragraphs: [`Privacy questions and requests: ${CONTACT_EMAILS.support}.`],
  },
];
