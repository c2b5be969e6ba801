/**
 * The cost model's unit prices (with their source and the date they were read) and the
 * always-free allowances. `usage.ts` holds what a trader does, `estimate.ts` turns both into a
 * monthly bill; `npm run cost` prints it.
 *
 * Prices: US East (N. Virginia), on-demand, USD, no taxes, no Savings Plans. They were read on
 * 2026-11-23 from stored copies of the pricing pages and of write-ups quoting them (this machine
 * has no live web access): check the live pages before budgeting, and change a price here.
 */

export interface UnitPrice {
  usd: number;
  /** What one `usd` buys. */
  unit: string;
  source: string;
  asOf: string;
}

export interface FreeAllowance {
  amount: number;
  unit: string;
  source: string;
}

const READ = '2026-11-23';
/** WAF's prices were read later, the same way (and checked against AWS's cost write-ups). */
const WAF_READ = '2026-11-27';
/** SES's and SQS's prices were read later still, the same way. */
const NOTIFY_READ = '2026-11-27';
const page = (service: string) => `https://aws.amazon.com/${service}/pricing/`;

export const prices = {
  lambdaRequests: {
    usd: 0.2,
    unit: 'per million requests',
    source: page('lambda'),
    asOf: READ,
  },
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    unit: 'per GB-second, Arm (first 7.5 billion GB-s a month)',
    source: page('lambda'),
    asOf: READ,
  },
  httpApiRequests: {
    usd: 1.0,
    unit: 'per million HTTP API requests, the first 300 million a month (metered in 512 KB steps)',
    source: page('api-gateway'),
    asOf: READ,
  },
  httpApiRequestsOver300M: {
    usd: 0.9,
    unit: 'per million HTTP API requests beyond 300 million a month',
    source: page('api-gateway'),
    asOf: READ,
  },
  dynamoWriteRequestUnits: {
    usd: 0.625,
    unit: 'per million on-demand write request units (since the Nov 2024 price cut)',
    source: page('dynamodb'),
    asOf: READ,
  },
  dynamoReadRequestUnits: {
    usd: 0.125,
    unit: 'per million on-demand read request units (since the Nov 2024 price cut)',
    source: page('dynamodb'),
    asOf: READ,
  },
  dynamoStorage: { usd: 0.25, unit: 'per GB-month of table storage', source: page('dynamodb'), asOf: READ },
  dynamoPitr: {
    usd: 0.2,
    unit: 'per GB-month of continuous backup (point-in-time recovery)',
    source: page('dynamodb'),
    asOf: READ,
  },
  cloudFrontRequests: {
    usd: 0.01,
    unit: 'per 10,000 HTTPS requests (United States, Europe)',
    source: page('cloudfront'),
    asOf: READ,
  },
  cloudFrontTransfer: {
    usd: 0.085,
    unit: 'per GB out to the internet (United States, Europe, first 10 TB)',
    source: page('cloudfront'),
    asOf: READ,
  },
  cloudFrontFunctions: {
    usd: 0.1,
    unit: 'per million CloudFront Functions invocations',
    source: page('cloudfront'),
    asOf: READ,
  },
  wafWebAcl: {
    usd: 5.0,
    unit: 'per web ACL per month (prorated by the hour)',
    source: page('waf'),
    asOf: WAF_READ,
  },
  wafRule: {
    usd: 1.0,
    unit: 'per rule per month in a web ACL; an AWS managed rule group without a subscription counts as one',
    source: page('waf'),
    asOf: WAF_READ,
  },
  wafRequests: {
    usd: 0.6,
    unit: 'per million requests a web ACL inspects (allowed or blocked; ACLs of up to 1,500 WCU)',
    source: page('waf'),
    asOf: WAF_READ,
  },
  s3Storage: { usd: 0.023, unit: 'per GB-month, S3 Standard (first 50 TB)', source: page('s3'), asOf: READ },
  s3Puts: { usd: 0.005, unit: 'per 1,000 PUT/COPY/POST/LIST requests', source: page('s3'), asOf: READ },
  cognitoEssentialsMau: {
    usd: 0.015,
    unit: 'per monthly active user, Essentials plan (direct or social sign-in)',
    source: page('cognito'),
    asOf: READ,
  },
  secretsPerMonth: { usd: 0.4, unit: 'per secret per month', source: page('secrets-manager'), asOf: READ },
  secretsApiCalls: {
    usd: 0.05,
    unit: 'per 10,000 API calls',
    source: page('secrets-manager'),
    asOf: READ,
  },
  schedulerInvocations: {
    usd: 1.0,
    unit: 'per million EventBridge Scheduler invocations',
    source: page('eventbridge'),
    asOf: READ,
  },
  logsIngestion: {
    usd: 0.5,
    unit: 'per GB of CloudWatch Logs ingested (standard class; Lambda logs first 10 TB)',
    source: page('cloudwatch'),
    asOf: READ,
  },
  logsStorage: {
    usd: 0.03,
    unit: 'per GB-month of CloudWatch Logs archived (compressed)',
    source: page('cloudwatch'),
    asOf: READ,
  },
  customMetrics: {
    usd: 0.3,
    unit: 'per custom metric (name + dimensions) per month (first 10,000)',
    source: page('cloudwatch'),
    asOf: READ,
  },
  alarmMetrics: {
    usd: 0.1,
    unit: 'per standard-resolution alarm metric per month',
    source: page('cloudwatch'),
    asOf: READ,
  },
  dashboards: { usd: 3.0, unit: 'per dashboard per month', source: page('cloudwatch'), asOf: READ },
  xrayTraces: { usd: 5.0, unit: 'per million traces recorded', source: page('xray'), asOf: READ },
  kmsKey: { usd: 1.0, unit: 'per customer-managed KMS key per month', source: page('kms'), asOf: READ },
  snsEmails: { usd: 2.0, unit: 'per 100,000 SNS e-mail notifications', source: page('sns'), asOf: READ },
  sesEmails: { usd: 0.1, unit: 'per 1,000 e-mails sent', source: page('ses'), asOf: NOTIFY_READ },
  sqsRequests: {
    usd: 0.4,
    unit: 'per million standard-queue requests (each 64 KB chunk)',
    source: page('sqs'),
    asOf: NOTIFY_READ,
  },
  aiInputTokens: {
    usd: 0.15,
    unit: 'per million input tokens, gpt-4o-mini',
    source: 'https://openai.com/api/pricing/',
    asOf: READ,
  },
  aiCachedInputTokens: {
    usd: 0.075,
    unit: 'per million cached input tokens, gpt-4o-mini',
    source: 'https://openai.com/api/pricing/',
    asOf: READ,
  },
  aiOutputTokens: {
    usd: 0.6,
    unit: 'per million output tokens, gpt-4o-mini',
    source: 'https://openai.com/api/pricing/',
    asOf: READ,
  },
} satisfies Record<string, UnitPrice>;

/**
 * The always-free allowances (per account, or per organization for Cognito; not the 12-month
 * offers such as API Gateway's or S3's). A stage that shares an account with another uses them
 * up together: run `npm run cost -- --no-free-tier` for the price without them.
 */
export const freeTier = {
  lambdaRequests: { amount: 1_000_000, unit: 'requests a month', source: page('lambda') },
  lambdaGbSeconds: { amount: 400_000, unit: 'GB-seconds a month', source: page('lambda') },
  dynamoStorageGb: { amount: 25, unit: 'GB of table storage', source: page('dynamodb') },
  cloudFrontRequests: { amount: 10_000_000, unit: 'HTTP(S) requests a month', source: page('cloudfront') },
  cloudFrontTransferGb: { amount: 1024, unit: 'GB out a month', source: page('cloudfront') },
  cloudFrontFunctions: {
    amount: 2_000_000,
    unit: 'function invocations a month',
    source: page('cloudfront'),
  },
  cognitoMau: { amount: 10_000, unit: 'MAUs a month (Lite and Essentials)', source: page('cognito') },
  schedulerInvocations: { amount: 14_000_000, unit: 'invocations a month', source: page('eventbridge') },
  logsGb: { amount: 5, unit: 'GB of log data (ingestion and storage) a month', source: page('cloudwatch') },
  customMetrics: { amount: 10, unit: 'custom metrics', source: page('cloudwatch') },
  alarmMetrics: { amount: 10, unit: 'alarm metrics', source: page('cloudwatch') },
  dashboards: { amount: 3, unit: 'dashboards of up to 50 metrics', source: page('cloudwatch') },
  xrayTraces: { amount: 100_000, unit: 'traces recorded a month', source: page('xray') },
  snsEmails: { amount: 1_000, unit: 'e-mail notifications a month', source: page('sns') },
  sqsRequests: { amount: 1_000_000, unit: 'SQS requests a month', source: page('sqs') },
} satisfies Record<string, FreeAllowance>;

export type Prices = typeof prices;
export type FreeTier = typeof freeTier;
