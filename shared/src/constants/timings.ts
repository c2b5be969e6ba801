/** Spec 9, timing (and the timings spec 4 and the simulated-feeds notes name), in milliseconds. */

const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;

/** The onboarding tour opens this long after load... */
export const ONBOARDING_AUTO_SHOW_DELAY_MS = 1 * SECOND_MS;
/** ...only for accounts younger than this. */
export const ONBOARDING_MAX_ACCOUNT_AGE_MS = 7 * DAY_MS;
/** Finishing or skipping the tour fades it out over this long. */
export const TOUR_FADE_MS = 300;
/** The daily news popup opens this long after load. */
export const DAILY_NEWS_POPUP_DELAY_MS = 1.5 * SECOND_MS;
/** The site gate answers no faster than this (also a brake on guessing). */
export const SITE_GATE_DELAY_MS = 0.5 * SECOND_MS;
/** The prototype's simulated contact submit; our submit is a real request. */
export const CONTACT_SUBMIT_DELAY_MS = 2000;
/** How long 'Message Sent!' shows before the form resets. */
export const CONTACT_SUCCESS_DISPLAY_MS = 3000;
/** Not a time: the landing top bar blurs after scrolling this many pixels. */
export const NAV_BLUR_SCROLL_PX = 50;

export const TRADES_REFRESH_MS = 30 * SECOND_MS;
/** Open positions are marked on read (docs/decisions/positions-marked-on-read.md); the pages re-read each market minute. */
export const POSITIONS_REFRESH_MS = 60 * SECOND_MS;
export const TICKER_BAR_REFRESH_MS = 30 * SECOND_MS;
export const MARKET_SUMMARY_REFRESH_MS = 30 * SECOND_MS;
export const MARKET_OVERVIEW_REFRESH_MS = 30 * SECOND_MS;
/** Help text: options data refreshes every 15 seconds. */
export const OPTIONS_DATA_REFRESH_MS = 15 * SECOND_MS;

/** Token refresh retries start here and double each time. */
export const TOKEN_REFRESH_BACKOFF_START_MS = 200;
/** A session found in a URL older than this triggers a warning. */
export const URL_SESSION_MAX_AGE_MS = 120 * SECOND_MS;

/** Market notifications close themselves after this, unless their severity is high. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5 * SECOND_MS;
/** The daily summary's news items fall within this window before now. */
export const NEWS_WINDOW_MS = 12 * 60 * 60 * SECOND_MS;
