/**
 * Secrets a handler may read. In AWS the environment carries only the secret's ARN (never its
 * value); locally the value comes from the environment variable named here.
 */
export const secrets = {
  openaiApiKey: { arnEnvVar: 'SECRET_ARN_OPENAI_API_KEY', localEnvVar: 'OPENAI_API_KEY' },
  siteGate: { arnEnvVar: 'SECRET_ARN_SITE_GATE', localEnvVar: 'SITE_GATE_SECRET' },
  marketDataApiKey: { arnEnvVar: 'SECRET_ARN_MARKET_DATA_API_KEY', localEnvVar: 'MARKET_DATA_API_KEY' },
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
  /** 'simulated' (default) or 'polygon': where quotes come from. */
  marketDataProvider: 'MARKET_DATA_PROVIDER',
  /** Base URL of the real quote provider's API (tests point it at a local stub). */
  marketDataBaseUrl: 'MARKET_DATA_BASE_URL',
} as const;

/** Name of the HttpOnly cookie that proves the site gate was passed. */
export const SITE_GATE_COOKIE = 'site_gate';
/** How long a passed gate is remembered on the device. */
export const SITE_GATE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
