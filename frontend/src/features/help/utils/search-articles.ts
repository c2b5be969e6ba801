import { type HelpArticle, type HelpCategory } from '../data/types';

export interface ArticleWithCategory {
  article: HelpArticle;
  category: HelpCategory;
}

/** Every article with its category, in category order. */
export function allArticles(categories: readonly HelpCategory[]): ArticleWithCategory[] {
  return categories.flatMap((category) => category.articles.map((article) => ({ article, category })));
}

/**
 * Articles whose title or content contains `query`, case-insensitively (spec 2, help center).
 * A blank query matches every article.
 */
export function searchArticles(categories: readonly HelpCategory[], query: string): ArticleWithCategory[] {
  const needle = query.trim().toLocaleLowerCase();
  const articles = allArticles(categories);
  if (!needle) return articles;
  return articles.filter(({ article }) =>
    [article.title, ...article.content].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
}

/** The article with this id and its category, if any. */
export function findArticle(
  categories: readonly HelpCategory[],
  id: string,
): ArticleWithCategory | undefined {
  return allArticles(categories).find(({ article }) => article.id === id);
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** '15.4K views'. */
export function formatViews(views: number): string {
  return `${compact.format(views)} views`;
}
