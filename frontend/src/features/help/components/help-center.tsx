import Search from 'lucide-react/icons/search';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SUPPORT_RESPONSE_HOURS } from '@shared/constants/business-hours';
import { PageHeader } from '../../../components/layouts/public-layout';
import { IconTile } from '../../../components/ui/icon-tile';
import { SectionHeading } from '../../../components/ui/section-heading';
import { HELP_CATEGORIES, POPULAR_ARTICLES } from '../data/articles';
import { VIDEO_TUTORIALS } from '../data/videos';
import { allArticles, findArticle, searchArticles } from '../utils/search-articles';
import { ArticleDetail } from './article-detail';
import { ArticleButton } from './article-list';
import { FaqList } from './faq-list';
import { VideoTutorials } from './video-tutorials';

const articleCount = allArticles(HELP_CATEGORIES).length;

/**
 * The help center (spec 2 and 4): list view with search, popular articles, categories, videos
 * and FAQ, or one article's detail view. The list stays mounted while an article is open, so
 * going back restores the search, the scroll position and focus on the article that was opened.
 */
export function HelpCenter() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [openArticleId, setOpenArticleId] = useState<string | null>(null);
  const opener = useRef<{ element: HTMLElement | null; scrollY: number } | null>(null);

  const results = useMemo(() => searchArticles(HELP_CATEGORIES, query), [query]);
  const openArticle = openArticleId ? findArticle(HELP_CATEGORIES, openArticleId) : undefined;
  const isSearching = query.trim() !== '';

  function open(id: string) {
    opener.current = {
      element: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      scrollY: window.scrollY,
    };
    setOpenArticleId(id);
  }

  useLayoutEffect(() => {
    if (openArticleId) {
      window.scrollTo({ top: 0 });
      return;
    }
    const previous = opener.current;
    if (!previous) return;
    opener.current = null;
    window.scrollTo({ top: previous.scrollY });
    previous.element?.focus({ preventScroll: true });
  }, [openArticleId]);

  return (
    <>
      {openArticle && (
        <ArticleDetail
          article={openArticle.article}
          category={openArticle.category}
          onBack={() => setOpenArticleId(null)}
        />
      )}
      <div hidden={openArticle !== undefined}>
        <PageHeader
          title="Help Center"
          intro="Guides for the scanner, the research assistant, dark pool flow, alerts and the trading journal."
        >
          <div className="relative mx-auto mt-8 max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              Search help articles
            </label>
            <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-500" />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search help articles..."
              className="block w-full rounded-xl border border-slate-700 bg-slate-900 py-3.5 pr-4 pl-12 text-base text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none"
            />
          </div>
          <p className="mt-4 text-sm text-slate-500">
            {articleCount} articles · {VIDEO_TUTORIALS.length} video tutorials · Support replies in under{' '}
            {SUPPORT_RESPONSE_HOURS} hours
          </p>
        </PageHeader>

        <div className="mx-auto max-w-6xl space-y-20 px-6 pb-20">
          {isSearching ? (
            <section aria-labelledby="search-results-heading">
              <h2 id="search-results-heading" className="text-2xl font-semibold text-white">
                Search results
              </h2>
              <p role="status" className="mt-1 text-sm text-slate-400">
                {results.length === 0
                  ? `No articles match “${query.trim()}”.`
                  : `${results.length} ${results.length === 1 ? 'article matches' : 'articles match'} “${query.trim()}”.`}
              </p>
              {results.length === 0 ? (
                <div className="mt-6 rounded-2xl border border-dashed border-slate-700 p-10 text-center">
                  <Search className="mx-auto size-8 text-slate-600" />
                  <p className="mt-3 font-semibold text-white">No articles found</p>
                  <p className="mt-1 text-sm text-slate-400">
                    Try another word, browse the FAQ below, or contact support.
                  </p>
                </div>
              ) : (
                <ul className="mt-6 grid gap-2 rounded-2xl border border-slate-800 bg-slate-900/60 p-3 md:grid-cols-2">
                  {results.map(({ article, category }) => (
                    <li key={article.id}>
                      <ArticleButton article={article} context={category.title} onOpen={open} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : (
            <>
              <section aria-labelledby="popular-heading">
                <SectionHeading id="popular-heading" title="Popular Articles" align="left" />
                <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                  {POPULAR_ARTICLES.map(({ articleId, description }) => {
                    const found = findArticle(HELP_CATEGORIES, articleId);
                    if (!found) return null;
                    return (
                      <li key={articleId}>
                        <button
                          type="button"
                          onClick={() => open(articleId)}
                          className="flex h-full w-full flex-col rounded-2xl border border-slate-800 bg-slate-900/60 p-5 text-left transition-colors hover:border-emerald-400/40 focus-visible:outline-2 focus-visible:outline-emerald-400"
                        >
                          <span className="text-xs font-semibold text-emerald-400">
                            {found.category.title}
                          </span>
                          <span className="mt-2 font-semibold text-white">{found.article.title}</span>
                          <span className="mt-2 flex-1 text-sm text-slate-400">{description}</span>
                          <span className="mt-4 text-xs text-slate-500">{found.article.readTime}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>

              <section aria-labelledby="categories-heading">
                <SectionHeading id="categories-heading" title="Browse by Category" align="left" />
                <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
                  {HELP_CATEGORIES.map((category) => (
                    <li key={category.id} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
                      <h3 className="flex items-center gap-3 text-lg font-semibold text-white">
                        <IconTile icon={category.icon} className="size-9" />
                        {category.title}
                      </h3>
                      <ul className="mt-4 space-y-1">
                        {category.articles.map((article) => (
                          <li key={article.id}>
                            <ArticleButton article={article} onOpen={open} />
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}

          <section aria-labelledby="videos-heading">
            <SectionHeading id="videos-heading" title="Video Tutorials" align="left" />
            <div className="mt-8">
              <VideoTutorials />
            </div>
          </section>

          <section aria-labelledby="faq-heading">
            <SectionHeading id="faq-heading" title="Frequently Asked Questions" align="left" />
            <div className="mt-8">
              <FaqList />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
