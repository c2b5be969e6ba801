import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import { useEffect, useRef } from 'react';
import { type ArticleWithCategory, formatViews } from '../utils/search-articles';

type ArticleDetailProps = ArticleWithCategory & { onBack: () => void };

/** One help article: category, read time, views and text, with the way back. */
export function ArticleDetail({ article, category, onBack }: ArticleDetailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [article.id]);

  return (
    <article className="mx-auto max-w-3xl px-6 pt-10 pb-20">
      <button
        type="button"
        onClick={onBack}
        className="rounded-lg px-1 py-1 text-sm font-semibold text-emerald-300 hover:text-emerald-200 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        ← Back to Help Center
      </button>
      <p className="mt-8 flex items-center gap-2 text-sm font-semibold text-emerald-400">
        <category.icon className="size-4" />
        {category.title}
      </p>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-2 text-3xl font-bold tracking-tight text-white focus:outline-none sm:text-4xl"
      >
        {article.title}
      </h1>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4" />
          {article.readTime}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Eye className="size-4" />
          {formatViews(article.views)}
        </span>
      </p>
      <div className="mt-8 space-y-5 border-t border-slate-800 pt-8 text-base leading-relaxed text-slate-300">
        {article.content.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
