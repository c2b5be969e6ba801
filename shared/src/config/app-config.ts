// zod/mini: this schema is parsed before the first paint, and mini keeps the entry bundle small.
import { boolean, minLength, object, optional, string, url, type infer as Infer } from 'zod/mini';

/** Feature flags a stage turns on; the frontend reads them from /config.json. */
export const featureFlagsSchema = object({
  /** The site password gate is on for this stage. */
  siteGate: boolean(),
  /** A third-party identity provider is configured (hosted UI sign-in button shown). */
  federatedSignIn: boolean(),
});

/**
 * Where the screens' data comes from on this stage: 'simulated' or the provider's name, per kind
 * (the stage's `marketData` in AWS, the *_PROVIDER variables locally). The screens' source badges
 * read it; absent, every kind is simulated.
 */
export const marketDataSourcesSchema = object({
  chains: string(),
  darkPool: string(),
  flow: string(),
  social: string(),
});

/** `/config.json`: written at deploy time in AWS, served by the local runtime locally. */
export const appConfigSchema = object({
  region: string().check(minLength(1)),
  userPoolId: string().check(minLength(1)),
  userPoolClientId: string().check(minLength(1)),
  /** Set only locally: the cognito-local endpoint Amplify talks to instead of AWS. */
  userPoolEndpoint: optional(url()),
  /** Hosted UI domain (no scheme) when federatedSignIn is on. */
  oauthDomain: optional(string()),
  stage: string().check(minLength(1)),
  features: featureFlagsSchema,
  marketData: optional(marketDataSourcesSchema),
});

export type AppConfig = Infer<typeof appConfigSchema>;
export type FeatureFlags = Infer<typeof featureFlagsSchema>;
export type MarketDataSources = Infer<typeof marketDataSourcesSchema>;
