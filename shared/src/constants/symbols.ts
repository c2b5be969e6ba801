/** Spec 9, lists and caps: the symbol lists each screen asks quotes for. */

/** Global search presets (16); the empty dropdown shows the first SEARCH_EMPTY_PRESETS_SHOWN. */
export const PRESET_SEARCH_SYMBOLS = [
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
] as const;

/** The scrolling ticker bar at the bottom of the dashboard (20). */
export const TICKER_BAR_SYMBOLS = [
  'SPY',
  'QQQ',
  'IWM',
  'VIX',
  'AAPL',
  'MSFT',
  'GOOGL',
  'AMZN',
  'TSLA',
  'NVDA',
  'META',
  'NFLX',
  'AMD',
  'INTC',
  'CRM',
  'ORCL',
  'ADBE',
  'PYPL',
  'DIS',
  'UBER',
] as const;

/** Quotes behind the Daily Market Summary modal (7). */
export const DAILY_SUMMARY_SYMBOLS = ['SPY', 'QQQ', 'IWM', 'VIX', 'DXY', 'GLD', 'TLT'] as const;

/** The dashboard's Market Overview side panel (10). */
export const MARKET_OVERVIEW_SYMBOLS = [
  'SPY',
  'QQQ',
  'IWM',
  'VIX',
  'DXY',
  'GLD',
  'TLT',
  'AAPL',
  'TSLA',
  'NVDA',
] as const;

/** Default `type: 'dashboard'` quote request (spec 7, market-data function). */
export const DASHBOARD_DEFAULT_SYMBOLS = ['SPY', 'QQQ', 'IWM', 'VIX'] as const;

/** Tickers the research assistant charts when the question names them (spec 9, chat suggestions). */
export const CHAT_CHART_TICKERS = ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA'] as const;

/** What 'market' or 'index' in a question charts. */
export const CHAT_MARKET_CHART_TICKERS = ['SPY', 'QQQ'] as const;
