import Eye from 'lucide-react/icons/eye';
import Heart from 'lucide-react/icons/heart';
import Lightbulb from 'lucide-react/icons/lightbulb';
import { type FeatureSummary } from './landing';

/** Spec 2, About: exactly these four stat cards. */
export const ABOUT_STATS = [
  { label: 'Platform Users', value: 'Growing' },
  { label: 'Features Built', value: '10+' },
  { label: 'AI Models', value: '5+' },
  { label: 'Development Time', value: '1+ Year' },
] as const;

export const MISSION =
  'Institutional desks have always had better tools than the individual trader: order-flow analytics, quantitative screens, research staff on call. Our mission is to close that gap with software that explains what it sees, so retail and professional options traders can make faster, better-informed decisions.';

export const MISSION_VALUES: readonly FeatureSummary[] = [
  {
    icon: Eye,
    title: 'Transparency',
    description:
      'We label simulated and sample data as such, show how scores are built, and never hide the risks of trading options.',
  },
  {
    icon: Lightbulb,
    title: 'Innovation',
    description:
      'We apply AI where it genuinely saves time: summarising markets, scoring setups and surfacing unusual activity.',
  },
  {
    icon: Heart,
    title: 'User Focus',
    description:
      'Every feature starts with a trader’s real workflow, and we ship what our users ask for, not what looks good in a demo.',
  },
];

export const FOUNDER_CARD = {
  name: 'The Founding Team',
  role: 'Founders',
  bio: 'Options traders and software engineers who spent years stitching together spreadsheets, broker screens and chat rooms to research a single trade, and decided to build the tool they wanted instead.',
  focus: ['Options market structure', 'Machine learning', 'Product engineering'],
} as const;

export const STORY = [
  'The idea started with a simple frustration: by the time a retail trader noticed an unusual options print or a large dark pool block, the move was often over. The data existed, but it was scattered, expensive and hard to read.',
  'We began by scoring scanner results so the best setups rose to the top, then added dark pool pattern detection, an AI research assistant that answers questions in plain English, social trend monitoring and a trading journal to measure what actually works.',
  'More than a year of development later, the platform brings these tools together in one place. We are still early, we are growing, and we build in the open with the traders who use it every day.',
] as const;
