import { type IconName } from '../../../components/ui/icon';

/** Spec 3, video: not published yet, so the cards say 'Coming soon' and have no play control or view count. */
export interface VideoTutorial {
  id: string;
  title: string;
  /** Planned length. */
  duration: string;
  description: string;
  icon: IconName;
}

export const VIDEO_TUTORIALS: readonly VideoTutorial[] = [
  {
    id: 'platform-walkthrough',
    title: 'Platform Walkthrough',
    duration: '8 min',
    description: 'A tour of the dashboard, the sidebar and where each tool lives.',
    icon: 'maximize',
  },
  {
    id: 'scanner-deep-dive',
    title: 'Options Scanner Deep Dive',
    duration: '12 min',
    description: 'Filters, IV rank, edge scores and exporting your results.',
    icon: 'search',
  },
  {
    id: 'reading-dark-pool-flow',
    title: 'Reading Dark Pool Flow',
    duration: '10 min',
    description: 'Human versus algorithmic prints and how to read their scores.',
    icon: 'layers',
  },
  {
    id: 'journal-habit',
    title: 'Building a Journal Habit',
    duration: '6 min',
    description: 'Logging trades, reading your statistics and managing risk.',
    icon: 'book',
  },
];
