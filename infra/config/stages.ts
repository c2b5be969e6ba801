/**
 * Per-stage settings: the only place a stage differs from another. `infra/bin/app.ts` picks one
 * by the `-c stage=NAME` context value; stacks receive it as a typed property and never read
 * context or the environment themselves.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export interface FederatedIdentityProviderConfig {
  type: 'google';
  /** OAuth client id issued by the provider (not a secret). */
  clientId: string;
  /** NAME of a Secrets Manager secret holding the provider's client secret (created by an operator). */
  clientSecretName: string;
}

export interface HostedUiConfig {
  /** Prefix of the Cognito hosted-UI domain: `<prefix>.auth.<region>.amazoncognito.com`. */
  domainPrefix: string;
  /**
   * Where the hosted UI may redirect after sign-in / sign-out. Written here rather than derived
   * from the distribution, because the auth stack (stateful) must not depend on the web stack.
   */
  callbackUrls: string[];
  logoutUrls: string[];
  identityProvider: FederatedIdentityProviderConfig;
}

export interface CustomDomainConfig {
  /** Host names the distribution answers, e.g. `app.example.com`. */
  domainNames: string[];
  /** ACM certificate in us-east-1 covering every name (imported by ARN; no lookups). */
  certificateArn: string;
}

export interface StageConfig {
  name: string;
  /** Target account/region; omitted → environment-agnostic stacks (synth needs no credentials). */
  env?: { account: string; region: string };
  /** What happens to stateful resources (tables, user pool, secrets, buckets, logs) on delete. */
  removalPolicy: RemovalPolicy;
  pointInTimeRecovery: boolean;
  apiThrottle: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The site password gate (spec) is on. */
  siteGate: boolean;
  /** Where quotes come from: the simulated market, or Polygon (its key in the marketDataApiKey secret). */
  marketDataProvider: 'simulated' | 'polygon';
  /** Hosted UI with a third-party identity provider; absent → email/password sign-in only. */
  hostedUi?: HostedUiConfig;
  customDomain?: CustomDomainConfig;
  /** Reserved for API 5xx / Lambda error alarms; not wired to any resource yet. */
  alarmEmail?: string;
}

export type StageName = 'dev' | 'prod';

export const stages: Record<StageName, StageConfig> = {
  dev: {
    name: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    pointInTimeRecovery: true,
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    logRetention: RetentionDays.TWO_WEEKS,
    logLevel: 'debug',
    siteGate: true,
    marketDataProvider: 'simulated',
  },
  prod: {
    name: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    pointInTimeRecovery: true,
    apiThrottle: { rateLimit: 100, burstLimit: 200 },
    logRetention: RetentionDays.THREE_MONTHS,
    logLevel: 'info',
    siteGate: true,
    marketDataProvider: 'simulated',
  },
};

export function isStageName(name: string): name is StageName {
  return Object.hasOwn(stages, name);
}
