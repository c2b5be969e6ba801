/**
 * The user pool's password policy. The Cognito pool (infra), the local pool front and the
 * sign-up form all read it, so the rules shown to a user are the rules enforced.
 */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

/** The rules in words, in the order a form lists them. */
export const passwordRules: readonly { id: string; text: string; test: (password: string) => boolean }[] = [
  {
    id: 'length',
    text: `At least ${passwordPolicy.minLength} characters`,
    test: (p) => p.length >= passwordPolicy.minLength,
  },
  { id: 'lowercase', text: 'A lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'uppercase', text: 'An uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'digit', text: 'A number', test: (p) => /[0-9]/.test(p) },
];

/** Reasons a password is too weak; empty when it satisfies the policy. */
export function passwordWeaknesses(password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.text);
}
