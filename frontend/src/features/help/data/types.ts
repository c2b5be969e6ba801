import { type LucideIcon } from 'lucide-react';

/** Spec 3, help article: title, views, read time, content (paragraphs). */
export interface HelpArticle {
  id: string;
  title: string;
  readTime: string;
  views: number;
  content: readonly string[];
}

/** A category group with title and icon. */
export interface HelpCategory {
  id: string;
  title: string;
  icon: LucideIcon;
  articles: readonly HelpArticle[];
}
