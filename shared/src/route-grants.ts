/**
 * The Cognito call of a plan lookup: an account with no profile is judged by its sign-up date
 * (AdminGetUser), never as a fresh trial. Its own module so the route table's parts
 * (routes.ts, notifications/routes.ts) share it without importing each other.
 */
export const PLAN_LOOKUP = ['cognito-idp:AdminGetUser'] as const;
