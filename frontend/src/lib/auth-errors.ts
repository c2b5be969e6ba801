import { AUTH_UNEXPECTED_ERROR } from '@shared/constants/texts';

/** Spec 8: an auth error shows its own message; anything else thrown is 'unexpected'. */
export function authErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_UNEXPECTED_ERROR;
}
