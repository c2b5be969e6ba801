/**
 * Spec 2 and 5, global search, as pure functions: which symbols and pages match the text, in
 * what order, within the spec's caps; and how the recent searches list changes.
 *
 * Ranking (the spec says what matches, not in what order): the better the match, the higher —
 * an exact symbol or page name first, then a symbol or name that starts with the text, then a
 * name containing it, a symbol containing it, and last a page whose description contains it.
 * Equal matches keep the lists' own order (preset symbols, then pages), so Enter (the first
 * result) on 'AAPL' opens Apple and on 'scan' opens the scanner.
 */
import {
  RECENT_SEARCHES_MAX,
  SEARCH_EMPTY_PRESETS_SHOWN,
  SEARCH_MAX_QUOTED_SYMBOLS,
  SEARCH_MAX_RESULTS,
  SEARCH_RECENTS_SHOWN,
} from '../constants/caps';
import { PRESET_SEARCH_SYMBOLS } from '../constants/symbols';
import { UNIVERSE, universeEntry } from '../market/universe';

/**
 * Every symbol the search knows: the presets first (the empty dropdown's order), then the rest of
 * the market's universe (shared/src/market/universe.ts), so any symbol the scanner and the feeds
 * know is found, by symbol or by company name.
 */
export const SEARCH_SYMBOLS: readonly string[] = [
  ...PRESET_SEARCH_SYMBOLS,
  ...UNIVERSE.map((entry) => entry.symbol).filter(
    (symbol) => !(PRESET_SEARCH_SYMBOLS as readonly string[]).includes(symbol),
  ),
];

/** A screen the search can open (spec 3: page name, description, path). */
export interface SearchPage {
  name: string;
  description: string;
  path: string;
}

/**
 * What the dropdown lists before quotes are attached to stocks. `listed`: a ticker of the quotes
 * provider outside our universe (GET /api/symbols), quoted but not scannable.
 */
export type SearchCandidate =
  | { kind: 'recent'; name: string }
  | { kind: 'stock'; symbol: string }
  | { kind: 'listed'; symbol: string; name: string }
  | { kind: 'page'; page: SearchPage };

/** The provider's tickers outside the universe after the dropdown's own entries, within its cap. */
export function withListedSymbols(
  candidates: readonly SearchCandidate[],
  listed: readonly { symbol: string; name: string }[],
): SearchCandidate[] {
  const shown = new Set(candidates.flatMap((c) => (c.kind === 'stock' ? [c.symbol] : [])));
  const extra = listed
    .filter((entry) => !shown.has(entry.symbol) && !universeEntry(entry.symbol))
    .map((entry): SearchCandidate => ({ kind: 'listed', symbol: entry.symbol, name: entry.name }));
  return [...candidates, ...extra].slice(0, SEARCH_MAX_RESULTS);
}

const normalise = (text: string) => text.trim().toLowerCase();

/** A company name matches from this many characters typed (a word of it starting with them). */
const NAME_MATCH_MIN_LENGTH = 3;

/** Match quality, lower is better; undefined is no match. A company name's word counts as a name. */
function symbolRank(symbol: string, query: string): number | undefined {
  const s = symbol.toLowerCase();
  if (s === query) return 0;
  if (s.startsWith(query)) return 1;
  if (query.length >= NAME_MATCH_MIN_LENGTH) {
    const words =
      universeEntry(symbol)
        ?.name.toLowerCase()
        .split(/[^a-z0-9&]+/) ?? [];
    if (words.some((word) => word.startsWith(query))) return 2;
  }
  if (s.includes(query)) return 3;
  return undefined;
}

function pageRank(page: SearchPage, query: string): number | undefined {
  const name = page.name.toLowerCase();
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.includes(query)) return 2;
  if (page.description.toLowerCase().includes(query)) return 4;
  return undefined;
}

/** Known symbols whose symbol or company name contains the text (case-insensitive), best first, at most 5. */
export function matchSymbols(text: string, presets: readonly string[] = SEARCH_SYMBOLS): string[] {
  const query = normalise(text);
  if (!query) return [];
  return presets
    .map((symbol, index) => ({ symbol, index, rank: symbolRank(symbol, query) }))
    .filter((match): match is typeof match & { rank: number } => match.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, SEARCH_MAX_QUOTED_SYMBOLS)
    .map((match) => match.symbol);
}

/**
 * The dropdown's entries for the text, at most SEARCH_MAX_RESULTS. Empty text: up to 3
 * recents, then the first 4 preset symbols. Otherwise matching symbols (at most 5, the ones
 * quoted) and pages (name or description), ranked together.
 */
export function searchCandidates(
  text: string,
  pages: readonly SearchPage[],
  recents: readonly string[],
  presets: readonly string[] = SEARCH_SYMBOLS,
): SearchCandidate[] {
  const query = normalise(text);
  if (!query) {
    return [
      ...recents.slice(0, SEARCH_RECENTS_SHOWN).map((name): SearchCandidate => ({ kind: 'recent', name })),
      ...presets
        .slice(0, SEARCH_EMPTY_PRESETS_SHOWN)
        .map((symbol): SearchCandidate => ({ kind: 'stock', symbol })),
    ].slice(0, SEARCH_MAX_RESULTS);
  }
  const stocks = matchSymbols(query, presets).map((symbol) => ({
    candidate: { kind: 'stock', symbol } as SearchCandidate,
    rank: symbolRank(symbol, query)!,
  }));
  const pageMatches = pages.flatMap((page) => {
    const rank = pageRank(page, query);
    return rank === undefined ? [] : [{ candidate: { kind: 'page', page } as SearchCandidate, rank }];
  });
  // Array.prototype.sort is stable: equal ranks keep stocks (preset order) before pages (list order).
  return [...stocks, ...pageMatches]
    .sort((a, b) => a.rank - b.rank)
    .slice(0, SEARCH_MAX_RESULTS)
    .map((entry) => entry.candidate);
}

/** Spec 4: a selection goes to the front of the recents, de-duplicated, and 5 are kept. */
export function addRecentSearch(recents: readonly string[], entry: string): string[] {
  const name = entry.trim();
  if (!name) return recents.slice(0, RECENT_SEARCHES_MAX);
  return [name, ...recents.filter((recent) => recent !== name)].slice(0, RECENT_SEARCHES_MAX);
}

/** Reads stored recents (a JSON list of strings); anything else reads as none. */
export function parseRecentSearches(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}
