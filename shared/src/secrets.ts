/**
 * Secrets a handler may read. In AWS the environment carries only the secret's ARN (never its
 * value); locally the value comes from the environment variable named here.
 */
export const secrets = {
  openaiApiKey: { arnEnvVar: 'SECRET_ARN_OPENAI_API_KEY', localEnvVar: 'OPENAI_API_KEY' },
  siteGate: { arnEnvVar: 'SECRET_ARN_SITE_GATE', localEnvVar: 'SITE_GATE_SECRET' },
  marketDataApiKey: { arnEnvVar: 'SECRET_ARN_MARKET_DATA_API_KEY', localEnvVar: 'MARKET_DATA_API_KEY' },
  /** Unusual Whales' API token (Market Alerts' options flow on a stage whose flow provider is Unusual Whales). */
  unusualWhalesApiKey: {
    arnEnvVar: 'SECRET_ARN_UNUSUAL_WHALES_API_KEY',
    localEnvVar: 'UNUSUAL_WHALES_API_KEY',
  },
  /** Tradier's API access token (option chains on a stage whose chain provider is Tradier). */
  tradierApiKey: { arnEnvVar: 'SECRET_ARN_TRADIER_API_KEY', localEnvVar: 'TRADIER_API_KEY' },
  /** Financial Modeling Prep's API key (the earnings calendar on a stage whose earnings provider is FMP). */
  fmpApiKey: { arnEnvVar: 'SECRET_ARN_FMP_API_KEY', localEnvVar: 'FMP_API_KEY' },
  /** Key of the HMAC that hashes addresses and identifiers kept for rate limits and abuse checks. */
  hashingKey: { arnEnvVar: 'SECRET_ARN_HASHING_KEY', localEnvVar: 'HASHING_KEY' },
  /**
   * The value CloudFront sends in `x-origin-verify` to the API; only requests carrying it are
   * served, and only on them is the viewer address trusted. `current` or `{"current","previous"}`.
   */
  originVerify: { arnEnvVar: 'SECRET_ARN_ORIGIN_VERIFY', localEnvVar: 'ORIGIN_VERIFY_SECRET' },
  /** Stripe's secret API key (`sk_live_…`, `sk_test_…` or a restricted `rk_…`); billing is off until it is one. */
  stripeSecretKey: { arnEnvVar: 'SECRET_ARN_STRIPE_SECRET_KEY', localEnvVar: 'STRIPE_SECRET_KEY' },
  /** The signing secret (`whsec_…`) of the Stripe webhook endpoint that posts to /api/billing/webhook. */
  stripeWebhookSecret: {
    arnEnvVar: 'SECRET_ARN_STRIPE_WEBHOOK_SECRET',
    localEnvVar: 'STRIPE_WEBHOOK_SECRET',
  },
  /**
   * The stage's VAPID key pair for Web Push, JSON `{"publicKey","privateKey","subject"}`
   * (`npx web-push generate-vapid-keys --json`, plus a `mailto:` subject); generated into the data
   * dir by `npm start`. Push is off while the secret holds anything else.
   */
  vapidKeys: { arnEnvVar: 'SECRET_ARN_VAPID_KEYS', localEnvVar: 'VAPID_KEYS' },
} as const;

export type SecretKey = keyof typeof secrets;

/** Non-secret environment variables every handler receives. */
export const runtimeEnv = {
  stage: 'STAGE',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  logLevel: 'LOG_LEVEL',
  /** 'true' when the stage puts the site password gate in front of the product. */
  siteGateEnabled: 'SITE_GATE_ENABLED',
  /** 'simulated' (default), 'polygon' or 'cboe': where quotes come from. */
  quotesProvider: 'QUOTES_PROVIDER',
  /** 'simulated' (default), 'cboe', 'polygon' or 'tradier': where option chains (and so scans) come from. */
  chainsProvider: 'CHAINS_PROVIDER',
  /** Base URL of Polygon's API (unset: api.polygon.io; tests point it at a local stub). */
  polygonBaseUrl: 'POLYGON_BASE_URL',
  /** Base URL of CBOE's delayed quotes (unset: cdn.cboe.com; tests point it at a local server). */
  cboeBaseUrl: 'CBOE_BASE_URL',
  /** Base URL of Tradier's API (unset: api.tradier.com; sandbox.tradier.com for a sandbox token; tests point it at a local server). */
  tradierBaseUrl: 'TRADIER_BASE_URL',
  /** Base URL of the US Treasury's par yield curve CSV, read where chains are real (unset: home.treasury.gov; tests point it at a local server). */
  treasuryBaseUrl: 'TREASURY_BASE_URL',
  /** Seconds a real provider's chain is served before it is fetched again (unset: 60; tests shorten it). */
  chainsRefreshSeconds: 'CHAINS_REFRESH_SECONDS',
  /** The S3 bucket of the shared chain snapshot (AWS; bound by the stacks to the job and the chain readers). */
  chainSnapshotBucket: 'CHAIN_SNAPSHOT_BUCKET',
  /** The directory of the shared chain snapshot (`npm start` sets it under its data dir). */
  chainSnapshotDir: 'CHAIN_SNAPSHOT_DIR',
  /** Comma-separated symbols the chain snapshot job fetches (unset: the whole universe). */
  chainSnapshotSymbols: 'CHAIN_SNAPSHOT_SYMBOLS',
  /** 'simulated' (default) or 'polygon': where the Daily Market Summary's news comes from. */
  newsProvider: 'NEWS_PROVIDER',
  /** Seconds the provider's news is served before it is fetched again (unset: 300; tests shorten it). */
  newsRefreshSeconds: 'NEWS_REFRESH_SECONDS',
  /** 'simulated' (default) or 'stocktwits': where the Risky Chatter feed comes from. */
  socialProvider: 'SOCIAL_PROVIDER',
  /** Base URL of StockTwits' API (unset: api.stocktwits.com; tests point it at a local server). */
  stocktwitsBaseUrl: 'STOCKTWITS_BASE_URL',
  /** 'simulated' (default) or 'polygon': where the Dark Pool Flow feed's prints come from. */
  darkPoolProvider: 'DARKPOOL_PROVIDER',
  /** Comma-separated symbols whose off-exchange blocks the feeds job reads (unset: DARKPOOL_WATCHLIST). */
  darkPoolSymbols: 'DARKPOOL_SYMBOLS',
  /** 'simulated' (default) or 'unusualwhales': where Market Alerts' options flow comes from. */
  flowProvider: 'FLOW_PROVIDER',
  /** Base URL of Unusual Whales' API (unset: api.unusualwhales.com; tests point it at a local server). */
  unusualWhalesBaseUrl: 'UNUSUAL_WHALES_BASE_URL',
  /** 'simulated' (default), 'fmp' or 'nasdaq': the earnings calendar laid over the simulated one. */
  earningsProvider: 'EARNINGS_PROVIDER',
  /** Base URL of Financial Modeling Prep's API (unset: financialmodelingprep.com; tests point it at a local server). */
  fmpBaseUrl: 'FMP_BASE_URL',
  /** Base URL of Nasdaq's calendar API (unset: api.nasdaq.com; tests point it at a local server). */
  nasdaqBaseUrl: 'NASDAQ_BASE_URL',
  /** Seconds the provider's earnings calendar is kept before it is read again (unset: 21,600). */
  earningsRefreshSeconds: 'EARNINGS_REFRESH_SECONDS',
  /** Comma-separated symbols whose StockTwits streams the chatter job reads (unset: SOCIAL_WATCHLIST). */
  socialSymbols: 'SOCIAL_SYMBOLS',
  /** 'true' where only requests with CloudFront's origin-verify header are served (AWS and `npm start`). */
  originVerifyRequired: 'ORIGIN_VERIFY_REQUIRED',
  /**
   * The app's own address (`https://app.example.com`, no path): where checkout and the billing
   * portal send the browser back. From the stage's settings, never from a request's headers.
   */
  siteUrl: 'SITE_URL',
  /** Base URL of Stripe's API (unset: api.stripe.com; tests and `npm start` point it at the local stub). */
  stripeApiUrl: 'STRIPE_API_URL',
  /** The AI model the Research Assistant asks (unset: lambdas/chat/config.ts's default). */
  aiModel: 'OPENAI_MODEL',
  /** Base URL of an OpenAI-compatible server (unset: OpenAI's own API). */
  aiBaseUrl: 'OPENAI_BASE_URL',
  /** An ISO instant: the market clock reads this instant at MARKET_TIME_SET_AT (shared/src/market/clock.ts). */
  marketTime: 'MARKET_TIME',
  /** The wall-clock instant at which the market clock read MARKET_TIME (`npm start` sets it to its start). */
  marketTimeSetAt: 'MARKET_TIME_SET_AT',
  /** 'true': the market clock stands still at MARKET_TIME. */
  marketTimeFrozen: 'MARKET_TIME_FROZEN',
} as const;

/** The header CloudFront adds to every request it forwards to the API. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The header CloudFront adds with the viewer's own address (`ip:port`). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** Name of the HttpOnly cookie that proves the site gate was passed. */
export const SITE_GATE_COOKIE = 'site_gate';
/** How long a passed gate is remembered on the device. */
export const SITE_GATE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
