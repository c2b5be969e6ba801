/** Spec 5 (scanner strategy values) and spec 3 (journal strategies, from the help text). */

/** Scanner strategies; 'all' (or no strategy) scans every one. */
export const SCANNER_STRATEGIES = [
  { value: 'all', label: 'All Strategies' },
  { value: 'long-call', label: 'Long Call' },
  { value: 'long-put', label: 'Long Put' },
  { value: 'covered-call', label: 'Covered Call' },
  { value: 'cash-secured-put', label: 'Cash Secured Put' },
  { value: 'iron-condor', label: 'Iron Condor' },
  { value: 'butterfly', label: 'Butterfly' },
  { value: 'straddle', label: 'Straddle' },
  { value: 'strangle', label: 'Strangle' },
] as const;

export type ScannerStrategyOption = (typeof SCANNER_STRATEGIES)[number]['value'];
/** A concrete strategy a scan result carries (every option but 'all'). */
export type ScannerStrategy = Exclude<ScannerStrategyOption, 'all'>;

export const scannerStrategyOptions = SCANNER_STRATEGIES.map((s) => s.value) as [
  ScannerStrategyOption,
  ...ScannerStrategyOption[],
];
export const scannerStrategies = scannerStrategyOptions.filter((v) => v !== 'all') as [
  ScannerStrategy,
  ...ScannerStrategy[],
];

export function scannerStrategyLabel(value: ScannerStrategyOption): string {
  return SCANNER_STRATEGIES.find((s) => s.value === value)?.label ?? value;
}

/**
 * Journal strategies, stored on a trade as written here (e.g. 'Long Call'): the spec's twelve,
 * then the vertical credit spreads, calendars and diagonals traders journal, the scanner's
 * butterfly, and stock positions (a dark pool print, a broker's share trades).
 */
export const JOURNAL_STRATEGIES = [
  'Long Call',
  'Long Put',
  'Covered Call',
  'Cash Secured Put',
  'Iron Condor',
  'Iron Butterfly',
  'Bull Call Spread',
  'Bear Put Spread',
  'Straddle',
  'Strangle',
  'Collar',
  'Protective Put',
  'Bull Put Spread',
  'Bear Call Spread',
  'Calendar Spread',
  'Diagonal Spread',
  'Butterfly',
  'Long Stock',
  'Short Stock',
] as const;

export type JournalStrategy = (typeof JOURNAL_STRATEGIES)[number];

/**
 * How a strategy is usually opened, where that is not the trader's choice: a vertical credit
 * spread or a cash-secured put is sold (a credit), a calendar or diagonal bought (a debit). The
 * Add Trade form sets Side from it when the strategy is chosen; straddles, strangles, condors and
 * butterflies can be bought or sold, so they keep the side chosen.
 */
export const JOURNAL_STRATEGY_SIDE: Partial<Record<JournalStrategy, 'debit' | 'credit'>> = {
  'Long Call': 'debit',
  'Long Put': 'debit',
  'Bull Call Spread': 'debit',
  'Bear Put Spread': 'debit',
  'Calendar Spread': 'debit',
  'Diagonal Spread': 'debit',
  'Long Stock': 'debit',
  'Cash Secured Put': 'credit',
  'Bull Put Spread': 'credit',
  'Bear Call Spread': 'credit',
  'Short Stock': 'credit',
};
