import { AUTH_UNEXPECTED_ERROR } from '@shared/constants/texts';

/** One answer for an unknown address and a wrong password: neither tells anyone an account exists. */
export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const WRONG_MFA_CODE =
  'That code is not right. Enter the current 6-digit code from your authenticator app.';

const nameOf = (error: unknown) => (error as { name?: string } | null)?.name ?? '';

/** A failed password sign-in, as one message whatever Cognito said (spec 8, no account enumeration). */
export function signInError(error: unknown): unknown {
  return ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(
    nameOf(error),
  )
    ? new Error(WRONG_CREDENTIALS)
    : error;
}

/** A wrong authenticator code is a wrong code, never a "confirmation code" (cognito-local's word). */
export function mfaCodeError(error: unknown): unknown {
  return ['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(nameOf(error))
    ? new Error(WRONG_MFA_CODE)
    : error;
}

/** Spec 8: an auth error shows its own message; anything else thrown is 'unexpected'. */
export function authErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_UNEXPECTED_ERROR;
}
