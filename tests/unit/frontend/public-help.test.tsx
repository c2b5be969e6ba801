// @vitest-environment jsdom
import Book from 'lucide-react/icons/book';
import Search from 'lucide-react/icons/search';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpCenter } from '../../../frontend/src/features/help/components/help-center';
import { FaqList } from '../../../frontend/src/features/help/components/faq-list';
import { HELP_CATEGORIES } from '../../../frontend/src/features/help/data/articles';
import { HELP_FAQS } from '../../../frontend/src/features/help/data/faqs';
import { type HelpCategory } from '../../../frontend/src/features/help/data/types';
import { allArticles, searchArticles } from '../../../frontend/src/features/help/utils/search-articles';

const categories: HelpCategory[] = [
  {
    id: 'scanner',
    title: 'Options Scanner',
    icon: Search,
    articles: [
      {
        id: 'iv',
        title: 'IV Rank Explained',
        readTime: '3 min read',
        views: 10,
        content: ['Where implied volatility sits.'],
      },
      {
        id: 'edge',
        title: 'Edge Scores',
        readTime: '2 min read',
        views: 20,
        content: ['Bands from Excellent to Poor.'],
      },
    ],
  },
  {
    id: 'journal',
    title: 'Trading Journal',
    icon: Book,
    articles: [
      {
        id: 'log',
        title: 'Logging Trades',
        readTime: '2 min read',
        views: 5,
        content: ['Entry and exit PRICES.'],
      },
    ],
  },
];

const ids = (query: string) => searchArticles(categories, query).map(({ article }) => article.id);

describe('searchArticles', () => {
  it('matches titles case-insensitively', () => {
    expect(ids('iv rank')).toEqual(['iv']);
    expect(ids('EDGE')).toEqual(['edge']);
  });

  it('matches article content, not only titles', () => {
    expect(ids('implied VOLATILITY')).toEqual(['iv']);
    expect(ids('prices')).toEqual(['log']);
  });

  it('returns every article, with its category, for a blank query', () => {
    expect(ids('   ')).toEqual(['iv', 'edge', 'log']);
    expect(searchArticles(categories, '').at(-1)?.category.title).toBe('Trading Journal');
  });

  it('returns nothing when no title or content contains the text', () => {
    expect(ids('cryptocurrency')).toEqual([]);
  });

  it('ignores surrounding whitespace', () => {
    expect(ids('  poor ')).toEqual(['edge']);
  });
});

describe('FAQ accordion', () => {
  afterEach(cleanup);

  it('opens one item at a time and closes the open one when clicked again', async () => {
    const user = userEvent.setup();
    render(<FaqList />);
    const [first, second] = HELP_FAQS;
    const firstButton = screen.getByRole('button', { name: first!.question });
    const secondButton = screen.getByRole('button', { name: second!.question });
    expect(screen.getAllByRole('button')).toHaveLength(HELP_FAQS.length);
    expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(first!.answer)).not.toBeVisible();

    await user.click(firstButton);
    expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(firstButton.getAttribute('aria-controls')!);
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent(first!.answer);

    await user.click(secondButton);
    expect(secondButton).toHaveAttribute('aria-expanded', 'true');
    expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(secondButton);
    expect(secondButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });
});

describe('HelpCenter', () => {
  beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts articles and videos, filters by search with an empty state, and opens an article and goes back', async () => {
    const user = userEvent.setup();
    render(<HelpCenter />);
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`${allArticles(HELP_CATEGORIES).length} articles · 4 video tutorials`)),
    ).toBeInTheDocument();

    const search = screen.getByLabelText('Search help articles');
    await user.type(search, 'iv CRUSH');
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(
      within(results).getByRole('button', { name: /IV Rank and Choosing a Strategy/ }),
    ).toBeInTheDocument();
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);

    await user.clear(search);
    await user.type(search, 'zzzz-nothing');
    expect(screen.getByText('No articles found')).toBeInTheDocument();

    await user.clear(search);
    const category = screen.getByRole('heading', { name: 'Trading Journal' }).closest('li')!;
    await user.click(within(category).getByRole('button', { name: /Risk Management Basics/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Risk Management Basics' })).toHaveFocus();
    const article = screen.getByRole('article');
    expect(within(article).getByText('Trading Journal')).toBeInTheDocument();
    expect(within(article).getByText('5 min read')).toBeInTheDocument();
    expect(within(article).getByText('16.8K views')).toBeInTheDocument();
    expect(within(article).getByText(/Risk at most 2% of your account/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '← Back to Help Center' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(
      screen.queryByRole('heading', { name: 'Risk Management Basics', level: 1 }),
    ).not.toBeInTheDocument();
  });
});
