import { type LucideIcon } from 'lucide-react';
import Book from 'lucide-react/icons/book';
import Layers from 'lucide-react/icons/layers';
import Maximize from 'lucide-react/icons/maximize';
import Search from 'lucide-react/icons/search';

/** Spec 3, video: not published yet, so the cards say 'Coming soon' and have no play control or view count. */
export interface VideoTutorial {
  id: string;
  title: string;
  /** Planned length. */
  duration: string;
  description: string;
  icon: LucideIcon;
}

export const VIDEO_TUTORIALS: readonly VideoTutorial[] = [
  {
    id: 'platform-walkthrough',
    title: 'Platform Walkthrough',
    duration: '8 min',
    description: 'A tour of the dashboard, the sidebar and where each tool lives.',
    icon: Maximize,
  },
  {
    id: 'scanner-deep-dive',
    title: 'Options Scanner Deep Dive',
    duration: '12 min',
    description: 'Filters, IV rank, edge scores and exporting your results.',
    icon: Search,
  },
  {
    id: 'reading-dark-pool-flow',
    title: 'Reading Dark Pool Flow',
    duration: '10 min',
    description: 'Human versus algorithmic prints and how to read their scores.',
    icon: Layers,
  },
  {
    id: 'journal-habit',
    title: 'Building a Journal Habit',
    duration: '6 min',
    description: 'Logging trades, reading your statistics and managing risk.',
    icon: Book,
  },
];
