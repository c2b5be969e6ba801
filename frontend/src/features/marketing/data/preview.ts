/** The hero's three preview cards: fixed, illustrative sample rows (not live data). */
export const DARK_POOL_PREVIEW = [
  { ticker: 'NVDA', size: '250K shares', side: 'Buy', pattern: 'Human', edgeScore: 91 },
  { ticker: 'SPY', size: '480K shares', side: 'Buy', pattern: 'Human', edgeScore: 84 },
  { ticker: 'AAPL', size: '175K shares', side: 'Sell', pattern: 'Algorithmic', edgeScore: 62 },
] as const;

export const CHAT_PREVIEW = {
  question: 'Is it a good time to sell premium on QQQ?',
  answer:
    'IV rank is in the lower third of its yearly range, so premium is cheap. Defined-risk debit spreads fit better than selling premium here; revisit credit strategies if IV rank climbs above 50.',
} as const;

export const SCANNER_PREVIEW = [
  { ticker: 'AAPL', strategy: 'Long Call', strike: '$195', edgeScore: 88 },
  { ticker: 'TSLA', strategy: 'Iron Condor', strike: '$240/$280', edgeScore: 74 },
  { ticker: 'AMD', strategy: 'Cash Secured Put', strike: '$150', edgeScore: 57 },
] as const;
