/** Spec 2, 4 and 5, global search: matching, ranking, the caps, and the recent searches list. */
import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  matchSymbols,
  parseRecentSearches,
  searchCandidates,
  SEARCH_SYMBOLS,
  type SearchCandidate,
  type SearchPage,
  withListedSymbols,
} from '@shared/search/global-search';
import { PRESET_SEARCH_SYMBOLS } from '@shared/constants/symbols';
import { UNIVERSE } from '@shared/market/universe';

const PRESETS = [
  'AAPL',
  'MSFT',
  'GOOGL',
  'AMZN',
  'TSLA',
  'NVDA',
  'META',
  'NFLX',
  'SPY',
  'QQQ',
  'IWM',
  'VIX',
  'AMD',
  'INTC',
  'CRM',
  'ORCL',
];

const page = (name: string, description: string, path = `/${name.toLowerCase()}`): SearchPage => ({
  name,
  description,
  path,
});
const PAGES = [
  page('Dashboard', 'Portfolio value, P&L and recent activity'),
  page('Options Scanner', 'Find iron condors, straddles and covered calls by edge score'),
  page('Market Alerts', 'Live alerts on unusual options flow'),
  page('Trend Alerts', 'Momentum and breakout alerts from social platforms'),
  page('Trading Journal', 'Log trades, win rate and P&L'),
];

const label = (candidate: SearchCandidate) =>
  candidate.kind === 'stock'
    ? candidate.symbol
    : candidate.kind === 'page'
      ? candidate.page.name
      : `recent:${candidate.name}`;

describe('matchSymbols', () => {
  it('matches preset symbols by substring, case-insensitively', () => {
    expect(matchSymbols('nvd', PRESETS)).toEqual(['NVDA']);
    expect(matchSymbols('SFT', PRESETS)).toEqual(['MSFT']);
    expect(matchSymbols(' q ', PRESETS)).toEqual(['QQQ']);
    expect(matchSymbols('xyz', PRESETS)).toEqual([]);
    expect(matchSymbols('   ', PRESETS)).toEqual([]);
  });

  it('puts an exact symbol first, then symbols starting with the text, then the rest', () => {
    // 'M' starts MSFT and META, and is inside AMZN, IWM, AMD and CRM: five are kept.
    expect(matchSymbols('m', PRESETS)).toEqual(['MSFT', 'META', 'AMZN', 'IWM', 'AMD']);
    // Exact beats a longer prefix match, whatever the list order.
    expect(matchSymbols('amd', ['AMDX', 'XAMD', 'AMD'])).toEqual(['AMD', 'AMDX', 'XAMD']);
  });

  it('quotes at most 5 symbols', () => {
    const containingA = PRESETS.filter((s) => s.includes('A'));
    expect(containingA.length).toBeGreaterThan(5);
    const matched = matchSymbols('a', PRESETS);
    expect(matched).toHaveLength(5);
    expect(matched.slice(0, 3)).toEqual(['AAPL', 'AMZN', 'AMD']);
    for (const symbol of matched) expect(containingA).toContain(symbol);
  });
});

describe('searchCandidates', () => {
  it('with empty text lists up to 3 recents, then the first 4 presets', () => {
    const recents = ['TSLA', 'Options Scanner', 'NVDA', 'SPY', 'QQQ'];
    expect(searchCandidates('', PAGES, recents, PRESETS).map(label)).toEqual([
      'recent:TSLA',
      'recent:Options Scanner',
      'recent:NVDA',
      'AAPL',
      'MSFT',
      'GOOGL',
      'AMZN',
    ]);
    expect(searchCandidates('  ', PAGES, [], PRESETS).map(label)).toEqual(['AAPL', 'MSFT', 'GOOGL', 'AMZN']);
  });

  it('matches page names and descriptions case-insensitively', () => {
    expect(searchCandidates('JOURNAL', PAGES, [], PRESETS).map(label)).toEqual(['Trading Journal']);
    expect(searchCandidates('iron condor', PAGES, [], PRESETS).map(label)).toEqual(['Options Scanner']);
    expect(searchCandidates('p&l', PAGES, [], PRESETS).map(label)).toEqual(['Dashboard', 'Trading Journal']);
  });

  it('ranks names above descriptions and starts above middles, across stocks and pages', () => {
    // 'alerts': both names contain it; Market Alerts' description does too, but a name match wins once.
    expect(searchCandidates('alerts', PAGES, [], PRESETS).map(label)).toEqual([
      'Market Alerts',
      'Trend Alerts',
    ]);
    // 'tr': Trend Alerts and Trading Journal start with it (list order); the scanner's description
    // ('straddles') only contains it; no preset symbol has TR in it.
    expect(searchCandidates('tr', PAGES, [], PRESETS).map(label)).toEqual([
      'Trend Alerts',
      'Trading Journal',
      'Options Scanner',
    ]);
    // 'd': Dashboard starts with it; Trend Alerts and Trading Journal contain it in their names
    // (list order); NVDA and AMD contain it; only the scanner's description does. Market Alerts
    // has no 'd' at all.
    expect(searchCandidates('d', PAGES, [], PRESETS).map(label)).toEqual([
      'Dashboard',
      'Trend Alerts',
      'Trading Journal',
      'NVDA',
      'AMD',
      'Options Scanner',
    ]);
  });

  it('puts an exact symbol first, so Enter on a ticker opens that ticker', () => {
    const pages = [...PAGES, page('Spy Tools', 'spy')];
    expect(searchCandidates('spy', pages, [], PRESETS).map(label)[0]).toBe('SPY');
  });

  it('never shows more than 8 results', () => {
    const many = Array.from({ length: 12 }, (_, i) => page(`Alpha ${i}`, 'a page'));
    const results = searchCandidates('a', many, [], PRESETS);
    expect(results).toHaveLength(8);
    expect(results.filter((c) => c.kind === 'stock').length).toBeLessThanOrEqual(5);
  });

  it('finds nothing for text nothing contains', () => {
    expect(searchCandidates('zzzz', PAGES, ['zzzz'], PRESETS)).toEqual([]);
  });
});

describe('recent searches', () => {
  it('add the selection at the front', () => {
    expect(addRecentSearch(['AAPL', 'MSFT'], 'TSLA')).toEqual(['TSLA', 'AAPL', 'MSFT']);
  });

  it('move a repeated selection to the front instead of listing it twice', () => {
    expect(addRecentSearch(['AAPL', 'MSFT', 'TSLA'], 'TSLA')).toEqual(['TSLA', 'AAPL', 'MSFT']);
  });

  it('keep 5, dropping the oldest', () => {
    expect(addRecentSearch(['A', 'B', 'C', 'D', 'E'], 'F')).toEqual(['F', 'A', 'B', 'C', 'D']);
  });

  it('ignore a blank selection and trim the others', () => {
    expect(addRecentSearch(['A'], '  ')).toEqual(['A']);
    expect(addRecentSearch(['A'], ' B ')).toEqual(['B', 'A']);
  });

  it('read back what was stored, and nothing from a damaged value', () => {
    expect(parseRecentSearches(JSON.stringify(['TSLA', 'AAPL']))).toEqual(['TSLA', 'AAPL']);
    expect(parseRecentSearches(JSON.stringify(['A', 'B', 'C', 'D', 'E', 'F', 'G']))).toHaveLength(5);
    expect(parseRecentSearches(JSON.stringify(['A', 3, '', null, 'B']))).toEqual(['A', 'B']);
    expect(parseRecentSearches('{"not":"a list"}')).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches(null)).toEqual([]);
  });
});

describe('the whole universe (issue 23: PLTR found nothing although the scanner scans it)', () => {
  it('knows every symbol of the market universe, presets first', () => {
    expect(SEARCH_SYMBOLS.slice(0, PRESET_SEARCH_SYMBOLS.length)).toEqual([...PRESET_SEARCH_SYMBOLS]);
    for (const entry of UNIVERSE) expect(SEARCH_SYMBOLS).toContain(entry.symbol);
    expect(new Set(SEARCH_SYMBOLS).size).toBe(SEARCH_SYMBOLS.length);
  });

  it('finds PLTR, NVDA and TSLA by default, and a company by a word of its name', () => {
    expect(matchSymbols('PLTR')).toEqual(['PLTR']);
    expect(searchCandidates('pltr', [], []).map(label)).toEqual(['PLTR']);
    expect(matchSymbols('nvda')[0]).toBe('NVDA');
    expect(matchSymbols('tsla')[0]).toBe('TSLA');
    expect(matchSymbols('palantir')).toEqual(['PLTR']);
    expect(matchSymbols('pa')).not.toContain('PLTR'); // names only from three characters
  });
});

describe('a provider’s tickers (GET /api/symbols) in the dropdown', () => {
  it('follow its own entries, leave out what it shows or the universe has, and keep to 8', () => {
    const own = searchCandidates('pltr', [], []);
    expect(own).toEqual([{ kind: 'stock', symbol: 'PLTR' }]);
    const listed = [
      { symbol: 'PLTR', name: 'Palantir (shown already)' },
      { symbol: 'AA', name: 'Alcoa Corporation' },
      { symbol: 'AAPL', name: 'Apple (in the universe)' },
      ...Array.from({ length: 10 }, (_, i) => ({
        symbol: `ZQ${String.fromCharCode(65 + i)}`,
        name: `Z ${i}`,
      })),
    ];
    const merged = withListedSymbols(own, listed);
    expect(merged.slice(0, own.length)).toEqual(own);
    expect(merged[own.length]).toEqual({ kind: 'listed', symbol: 'AA', name: 'Alcoa Corporation' });
    expect(merged.filter((c) => c.kind === 'listed' && ['PLTR', 'AAPL'].includes(c.symbol))).toEqual([]);
    expect(merged).toHaveLength(8);
  });
});
