import { type LucideIcon } from 'lucide-react';
import Book from 'lucide-react/icons/book';
import Briefcase from 'lucide-react/icons/briefcase';
import Mail from 'lucide-react/icons/mail';
import MessageSquare from 'lucide-react/icons/message-square';
import Phone from 'lucide-react/icons/phone';
import Search from 'lucide-react/icons/search';
import { CONTACT_REPLY_HOURS } from '@shared/constants/business-hours';
import { CONTACT_EMAILS, LIVE_CHAT_PATH, SUPPORT_PHONE, mailtoHref } from '../contact-details';

export interface ContactChannel {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the visitor reaches: an address, a number or a screen. */
  detail: string;
  action: { label: string } & ({ href: string } | { to: string });
}

/** Spec 2, Contact: the four channels, each with a working action. */
export const CONTACT_CHANNELS: readonly ContactChannel[] = [
  {
    icon: Mail,
    title: 'Email Support',
    description: `Account, billing or technical questions. We reply within ${CONTACT_REPLY_HOURS} hours.`,
    detail: CONTACT_EMAILS.support,
    action: { label: 'Email Support', href: mailtoHref(CONTACT_EMAILS.support) },
  },
  {
    icon: MessageSquare,
    title: 'Live Chat in Dashboard',
    description: 'Signed in? Ask the in-app Research Assistant about the markets or how a feature works.',
    detail: 'Research Assistant (sign-in required)',
    action: { label: 'Open Live Chat', to: LIVE_CHAT_PATH },
  },
  {
    icon: Phone,
    title: 'Phone Support',
    description: 'Talk to a person during business hours.',
    detail: SUPPORT_PHONE.display,
    action: { label: 'Call Support', href: SUPPORT_PHONE.href },
  },
  {
    icon: Briefcase,
    title: 'Enterprise Sales',
    description: 'Team plans, API access and custom data for funds and trading firms.',
    detail: CONTACT_EMAILS.sales,
    action: { label: 'Contact Sales', href: mailtoHref(CONTACT_EMAILS.sales, 'Enterprise inquiry') },
  },
];

/** Quick help cards: self-service answers before writing to us. */
export const QUICK_HELP = [
  {
    icon: Book,
    title: 'Getting Started',
    description: 'Set up your account and run your first scan.',
    to: '/help',
  },
  {
    icon: Briefcase,
    title: 'Plans and Billing',
    description: 'Compare plans, the free trial and the money-back guarantee.',
    to: '/pricing',
  },
  {
    icon: Search,
    title: 'Help Center',
    description: 'Search guides for the scanner, alerts, dark pool flow and the journal.',
    to: '/help',
  },
] as const satisfies readonly { icon: LucideIcon; title: string; description: string; to: string }[];

/** Spec 2, Contact: the three offices (neighbourhood only; visits by appointment). */
export const OFFICES = [
  { city: 'New York', area: 'Financial District, New York, NY', role: 'Headquarters · Research' },
  { city: 'San Francisco', area: 'SoMa, San Francisco, CA', role: 'Product · Engineering' },
  { city: 'Chicago', area: 'The Loop, Chicago, IL', role: 'Design · Partnerships' },
] as const;
