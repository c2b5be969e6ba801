/**
 * What each of the stage's two web ACLs holds, as data: the rate rules (which requests each one
 * counts, and which limit of the stage config it takes) and the AWS managed rule groups. The
 * construct (./web-acl.ts) builds the ACLs from it and `npm run cost` counts its rules, so the
 * bill and the stacks cannot disagree. No aws-cdk-lib at runtime: the cost script imports it.
 */
import { type RouteId } from '@shared/routes';
import { type WafRateLimits } from '../config/stages';

export type WebAclScope = 'CLOUDFRONT' | 'REGIONAL';

/** Counts the requests of one route of the route table (its method and path), behind CloudFront. */
export interface RouteRateRule {
  name: string;
  limit: keyof WafRateLimits;
  route: RouteId;
}

/** Counts the calls of some Cognito operations (their `X-Amz-Target` header), at the user pool. */
export interface CognitoRateRule {
  name: string;
  limit: keyof WafRateLimits;
  operations: readonly string[];
}

export interface ManagedRuleGroup {
  name: string;
  /** Rules of the group that only count (and label) instead of blocking, each with its reason. */
  countOnly?: readonly { rule: string; reason: string }[];
  why: string;
}

/** The site gate's password and the contact form: the public writes that reach CloudFront. */
export const cloudFrontRateRules: readonly RouteRateRule[] = [
  { name: 'SiteGateRate', limit: 'siteGate', route: 'unlockSiteGate' },
  { name: 'ContactRate', limit: 'contact', route: 'sendContactMessage' },
];

/**
 * Sign-up and sign-in go from the browser straight to the user pool's endpoint, never through
 * CloudFront: these rules sit on the pool's own web ACL. Password reset counts as signing in.
 */
export const userPoolRateRules: readonly CognitoRateRule[] = [
  {
    name: 'SignUpRate',
    limit: 'signUp',
    operations: ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode'],
  },
  {
    name: 'SignInRate',
    limit: 'signIn',
    operations: ['InitiateAuth', 'RespondToAuthChallenge', 'ForgotPassword', 'ConfirmForgotPassword'],
  },
];

const ipReputation: ManagedRuleGroup = {
  name: 'AWSManagedRulesAmazonIpReputationList',
  why: "Addresses Amazon's threat intelligence sees as bots and attackers; 25 WCU, no subscription fee.",
};

/**
 * AWS managed rule groups without a subscription fee (each billed as one rule). Not taken: Bot
 * Control, account takeover / creation fraud prevention (per-request fees; ATP cannot be put on a
 * user pool), and the SQL-injection, Linux and PHP groups (no SQL, no server-side files or PHP).
 */
export const managedRuleGroups: Record<WebAclScope, readonly ManagedRuleGroup[]> = {
  CLOUDFRONT: [
    ipReputation,
    {
      name: 'AWSManagedRulesCommonRuleSet',
      why: 'OWASP-style protections (XSS, path traversal, SSRF to instance metadata, bad user agents) for the site and the API.',
      countOnly: [
        {
          rule: 'SizeRestrictions_BODY',
          reason:
            'Blocks bodies over 8 KB; a CSV import, a Stripe webhook and a long journal note are larger, and the API caps each body itself.',
        },
      ],
    },
    {
      name: 'AWSManagedRulesKnownBadInputsRuleSet',
      why: 'Exploit payloads (Log4j, Java deserialization, localhost Host headers) sent to any site; 200 WCU.',
    },
  ],
  // Cognito forwards no credentials to WAF, and a password may look like anything: only the
  // reputation list, not the body rules.
  REGIONAL: [ipReputation],
};

/** WAF's lowest and highest rate limit per evaluation window. */
export const RATE_LIMIT_RANGE = { min: 10, max: 2_000_000_000 } as const;

/** The window every rate rule counts over (the limits of the stage config are per this window). */
export const RATE_WINDOW_SECONDS = 300;

/** Rules a stage's web ACLs hold, per scope: what WAF bills per rule per month. */
export function webAclRuleCount(scope: WebAclScope): number {
  const rateRules = scope === 'CLOUDFRONT' ? cloudFrontRateRules : userPoolRateRules;
  return rateRules.length + managedRuleGroups[scope].length;
}
