import { z } from 'zod';

/** Feature flags a stage turns on; the frontend reads them from /config.json. */
export const featureFlagsSchema = z.object({
  /** The site password gate is on for this stage. */
  siteGate: z.boolean(),
  /** A third-party identity provider is configured (hosted UI sign-in button shown). */
  federatedSignIn: z.boolean(),
});

/** `/config.json`: written at deploy time in AWS, served by the local runtime locally. */
export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only locally: the cognito-local endpoint Amplify talks to instead of AWS. */
  userPoolEndpoint: z.string().url().optional(),
  /** Hosted UI domain (no scheme) when federatedSignIn is on. */
  oauthDomain: z.string().optional(),
  stage: z.string().min(1),
  features: featureFlagsSchema,
});

export type AppConfig = z.infer<typeof appConfigSchema>;
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;
