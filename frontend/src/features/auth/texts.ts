export type AuthMode = 'login' | 'signup';

/** Spec 2, authentication screen: the texts of each mode. */
export const authTexts = {
  login: {
    title: 'Sign in to your account',
    subtitle: 'Welcome back',
    submit: 'Sign In',
    submitting: 'Signing in...',
    switchText: "Don't have an account? Sign up",
    switchTo: '/signup',
  },
  signup: {
    title: 'Create your account',
    subtitle: 'Start your free trial today',
    submit: 'Create Account',
    submitting: 'Creating account...',
    switchText: 'Already have an account? Sign in',
    switchTo: '/login',
  },
} as const satisfies Record<AuthMode, Record<string, string>>;
