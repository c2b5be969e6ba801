import ArrowRight from 'lucide-react/icons/arrow-right';
import { type HelpArticle } from '../data/types';
import { formatViews } from '../utils/search-articles';

type ArticleLinkProps = {
  article: HelpArticle;
  onOpen: (id: string) => void;
  /** Shown under the title (e.g. the category in search results). */
  context?: string;
};

/** An article row: a button that opens the article, with its read time and views. */
export function ArticleButton({ article, onOpen, context }: ArticleLinkProps) {
  return (
    <button
      type="button"
      onClick={() => onOpen(article.id)}
      className="group flex w-full items-start justify-between gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-emerald-400"
    >
      <span>
        <span className="block text-sm font-medium text-slate-100 group-hover:text-white">
          {article.title}
        </span>
        <span className="mt-0.5 block text-xs text-slate-500">
          {context ? `${context} · ` : ''}
          {article.readTime} · {formatViews(article.views)}
        </span>
      </span>
      <ArrowRight className="mt-0.5 size-4 shrink-0 text-slate-500 group-hover:text-emerald-300" />
    </button>
  );
}
