import ArrowRight from 'lucide-react/icons/arrow-right';
import Clock from 'lucide-react/icons/clock';
import Search from 'lucide-react/icons/search';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRICE_PLACEHOLDER, emptySearch } from '@shared/constants/texts';
import { type Quote } from '@shared/market/schemas';
import { universeEntry } from '@shared/market/universe';
import { searchCandidates, withListedSymbols, type SearchCandidate } from '@shared/search/global-search';
import { useDebouncedSymbolSearch } from '../../../lib/symbol-search';
import { useSearchQuotes } from '../api/get-search-quotes';
import { SEARCH_PAGES } from '../data/search-pages';
import { useRecentSearches } from '../hooks/use-recent-searches';

export const SEARCH_PLACEHOLDER = 'Search symbols, strategies, pages...';

/** Where a stock result leads: the scanner reads `{ symbol }` from the navigation state (spec 2). */
export const SCANNER_PATH = '/dashboard/scanner';

/** Said of a provider's ticker outside the universe: quoted, but the scanner does not know it. */
export const QUOTES_ONLY = 'Quotes only';

type QuoteState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; quote: Quote | undefined };

const optionClasses = (active: boolean) =>
  `flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left text-sm ${
    active ? 'bg-slate-800 text-white' : 'text-slate-200 hover:bg-slate-800/60'
  }`;

function StockRow({ symbol, state, listedName }: { symbol: string; state: QuoteState; listedName?: string }) {
  const quote = state.status === 'ready' ? state.quote : undefined;
  const name = listedName ?? quote?.name ?? universeEntry(symbol)?.name ?? symbol;
  const price = state.status === 'loading' ? '…' : quote ? `$${quote.price}` : PRICE_PLACEHOLDER;
  const change = state.status === 'loading' ? '' : quote ? quote.change : PRICE_PLACEHOLDER;
  const tone = !quote ? 'text-slate-400' : quote.isPositive ? 'text-emerald-400' : 'text-red-400';
  return (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-emerald-400/10 text-[10px] font-bold text-emerald-300">
        {symbol.slice(0, 4)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">
          {symbol}
          {listedName !== undefined && (
            <span className="ml-2 rounded bg-slate-800 px-1.5 py-0.5 text-[10px] font-medium text-slate-300">
              {QUOTES_ONLY}
            </span>
          )}
        </span>
        <span className="block truncate text-xs text-slate-400">{name}</span>
      </span>
      <span className="shrink-0 text-right tabular-nums">
        <span className="block">{price}</span>
        <span className={`block text-xs ${tone}`}>{change}</span>
      </span>
    </>
  );
}

function CandidateRow({ candidate, quoteState }: { candidate: SearchCandidate; quoteState: QuoteState }) {
  if (candidate.kind === 'stock') return <StockRow symbol={candidate.symbol} state={quoteState} />;
  if (candidate.kind === 'listed')
    return <StockRow symbol={candidate.symbol} state={quoteState} listedName={candidate.name} />;
  if (candidate.kind === 'recent') {
    return (
      <>
        <Clock className="size-4 shrink-0 text-slate-400" />
        <span className="flex-1 truncate">{candidate.name}</span>
        <span className="text-xs text-slate-500">Recent</span>
      </>
    );
  }
  return (
    <>
      <ArrowRight className="size-4 shrink-0 text-slate-400" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{candidate.page.name}</span>
        <span className="block truncate text-xs text-slate-400">{candidate.page.description}</span>
      </span>
    </>
  );
}

const candidateKey = (candidate: SearchCandidate) =>
  candidate.kind === 'stock' || candidate.kind === 'listed'
    ? `stock:${candidate.symbol}`
    : candidate.kind === 'page'
      ? `page:${candidate.page.path}`
      : `recent:${candidate.name}`;

/** The option's accessible name: short, unlike its visible text with prices. */
const optionName = (candidate: SearchCandidate) =>
  candidate.kind === 'stock'
    ? `${candidate.symbol} ${universeEntry(candidate.symbol)?.name ?? ''}`.trim()
    : candidate.kind === 'listed'
      ? `${candidate.symbol} ${candidate.name} (${QUOTES_ONLY.toLowerCase()})`
      : candidate.kind === 'page'
        ? candidate.page.name
        : `Recent: ${candidate.name}`;

const candidateLabel = (candidate: SearchCandidate) =>
  candidate.kind === 'stock' || candidate.kind === 'listed'
    ? candidate.symbol
    : candidate.kind === 'page'
      ? candidate.page.name
      : candidate.name;

/**
 * The top bar's global search (spec 2): a combobox whose listbox opens on focus. Arrow keys
 * move, Enter picks the highlighted entry (the first until an arrow moves), Escape closes and
 * leaves the box, a click outside closes. A stock opens the scanner with the symbol, a page
 * navigates, a recent refills the box. With a quotes provider that has a ticker search (GET
 * /api/symbols, debounced), its tickers outside the universe follow, quoted and marked "Quotes
 * only": the scanner does not know them, so they are shown but not opened (aria-disabled).
 */
export function GlobalSearch({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const ids = useId();
  const listId = `${ids}-results`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { recents, remember } = useRecentSearches();

  const { answer } = useDebouncedSymbolSearch(text, open);
  const candidates = useMemo(() => {
    const own = searchCandidates(text, SEARCH_PAGES, recents);
    return answer
      ? withListedSymbols(
          own,
          answer.symbols.filter((s) => !s.scannable),
        )
      : own;
  }, [text, recents, answer]);
  const symbols = useMemo(
    () => candidates.flatMap((c) => (c.kind === 'stock' || c.kind === 'listed' ? [c.symbol] : [])),
    [candidates],
  );
  const quotes = useSearchQuotes(symbols, open);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function quoteState(symbol: string): QuoteState {
    if (quotes.isError) return { status: 'error' };
    const quote = quotes.data?.find((q) => q.symbol === symbol);
    if (quote) return { status: 'ready', quote };
    return quotes.isFetching ? { status: 'loading' } : { status: 'ready', quote: undefined };
  }

  function changeText(value: string) {
    setText(value);
    setActive(0);
    setOpen(true);
  }

  function select(candidate: SearchCandidate) {
    if (candidate.kind === 'listed') return;
    if (candidate.kind === 'recent') {
      changeText(candidate.name);
      inputRef.current?.focus();
      return;
    }
    remember(candidateLabel(candidate));
    setOpen(false);
    setText('');
    setActive(0);
    inputRef.current?.blur();
    if (candidate.kind === 'stock') void navigate(SCANNER_PATH, { state: { symbol: candidate.symbol } });
    else void navigate(candidate.page.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      inputRef.current?.blur();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (candidates.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + candidates.length) % candidates.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const candidate = candidates[Math.min(active, candidates.length - 1)];
      if (open && candidate) select(candidate);
    }
  }

  const query = text.trim();
  const empty = emptySearch(query);
  const activeId = open && candidates[active] ? `${ids}-option-${active}` : undefined;

  return (
    <div ref={containerRef} className={`relative ${className}`}>
      <label htmlFor={`${ids}-input`} className="sr-only">
        Search
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <input
        ref={inputRef}
        id={`${ids}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={SEARCH_PLACEHOLDER}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={text}
        onChange={(event) => changeText(event.target.value)}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-lg border border-slate-800 bg-slate-900 py-2 pr-3 pl-9 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {open && (
        <div className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-lg border border-slate-800 bg-slate-900 shadow-xl shadow-black/50">
          {candidates.length === 0 ? (
            <div className="px-4 py-6 text-center" role="status">
              <p className="text-sm font-medium text-slate-200">{empty.title}</p>
              <p className="mt-1 text-xs text-slate-400">{empty.description}</p>
            </div>
          ) : (
            <ul
              id={listId}
              role="listbox"
              aria-label="Search results"
              className="max-h-[70vh] overflow-y-auto py-1"
            >
              {candidates.map((candidate, index) => (
                // A combobox's option: the keyboard stays on the input (arrows, Enter), which names
                // the active option with aria-activedescendant; the pointer picks it here.
                // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
                <li
                  key={candidateKey(candidate)}
                  id={`${ids}-option-${index}`}
                  role="option"
                  aria-label={optionName(candidate)}
                  aria-selected={index === active}
                  aria-disabled={candidate.kind === 'listed' || undefined}
                  className={optionClasses(index === active)}
                  onPointerDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => select(candidate)}
                >
                  <CandidateRow
                    candidate={candidate}
                    quoteState={
                      candidate.kind === 'stock' || candidate.kind === 'listed'
                        ? quoteState(candidate.symbol)
                        : { status: 'loading' }
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
