/**
 * Secrets a handler may read. In AWS the environment carries only the secret's ARN (never its
 * value); locally the value comes from the environment variable named here.
 */
export const secrets = {
  openaiApiKey: { arnEnvVar: 'SECRET_ARN_OPENAI_API_KEY', localEnvVar: 'OPENAI_API_KEY' },
  siteGate: { arnEnvVar: 'SECRET_ARN_SITE_GATE', localEnvVar: 'SITE_GATE_SECRET' },
} as const;

/** Non-secret environment variables every handler receives. */
export const runtimeEnv = {
  stage: 'STAGE',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  logLevel: 'LOG_LEVEL',
} as const;
