/** Spec 4, 5 and 8: every user-facing error, empty-state and status text, verbatim. */

export interface EmptyStateText {
  title: string;
  description?: string;
}

// Site gate and authentication
export const SITE_GATE_WRONG_PASSWORD = 'Incorrect password. Please try again.';
export const AUTH_UNEXPECTED_ERROR = 'An unexpected error occurred';
export const AUTH_MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const EMAIL_CHANGE_HINT = 'Contact support to change your email address';

// Market data, scanner, search
export const marketDataApiError = (status: number): string => `Market data API error: ${status}`;
export const tickerDataApiError = (status: number): string => `Ticker data API error: ${status}`;
export const scannerApiError = (status: number): string => `Scanner API error: ${status}`;
export const SCANNER_FETCH_FAILED = 'Failed to fetch options data. Please try again.';
/** Ticker-bar fallback quotes are named this way. */
export const fallbackCompanyName = (symbol: string): string => `${symbol} Corp.`;
/** Price shown for a search result whose quote failed. */
export const PRICE_PLACEHOLDER = '--';
/** Issue 23 replaces the spec's 'flows will be generated': a search filters, it never invents prints. */
export const DARK_POOL_TICKER_NOT_FOUND = 'Ticker not found - the market has no prints for it';
export const MARKET_SUMMARY_LOADING = 'Loading market summary...';
export const MARKET_DATA_SOURCE_LIVE = 'Live market data';
export const MARKET_DATA_SOURCE_SIMULATED = 'Simulated data';

// Research assistant
export const CHAT_PROVIDER_FAILURE = "I'm experiencing technical difficulties. Please try again later.";
export const CHAT_EMPTY_CONTENT = "I'm sorry, I couldn't process your request.";
export const CHAT_ANALYZING = 'Analyzing...';

// Notifications
export const NOTIFICATIONS_BLOCKED =
  'Notifications are blocked. Please enable them in your browser settings.';
export const NOTIFICATIONS_ENABLED = 'Notifications enabled successfully!';

// Empty states
export const EMPTY_SCAN: EmptyStateText = {
  title: 'No Results',
  description:
    'No options match your current filter criteria. Try adjusting your filters and run the scan again.',
};
export const EMPTY_ACTIVITY: EmptyStateText = {
  title: 'No Recent Activity',
  description: 'Start trading to see your recent activity here.',
};
export const EMPTY_JOURNAL: EmptyStateText = { title: 'No Trades Yet' };
export function emptySearch(text: string): EmptyStateText {
  return {
    title: `No results found for "${text}"`,
    description: 'Try searching for stocks like AAPL, TSLA, or app sections',
  };
}

// Journal and recent activity
export const OPEN_TRADE_LABEL = 'Open';
export const openedTradeActivity = (strategy: string): string => `Opened ${strategy}`;
/** Not shown in the spec; the counterpart of 'Opened {strategy}'. */
export const closedTradeActivity = (strategy: string): string => `Closed ${strategy}`;

// Account
export const DELETE_ACCOUNT_CONFIRMATION =
  'Are you sure you want to delete your account? This action cannot be undone and will permanently delete all your data.';

// Contact
export const CONTACT_SUCCESS_TITLE = 'Message Sent!';
export const CONTACT_SUCCESS_DESCRIPTION = "We'll get back to you within 24 hours.";

/** A React context hook called outside its provider throws this. */
export const outsideProviderError = (hook: string): string => `${hook} must be used within a Provider`;
