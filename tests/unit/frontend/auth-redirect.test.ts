/**
 * Where the sign-in screen sends the user once signed in (`redirectTarget`): back to the page
 * that sent them (a protected page, or Account Settings after "Sign in again"), only when it is
 * a relative path on this origin.
 */
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../frontend/src/lib/auth';

const from = (pathname: unknown, search?: unknown, hash?: unknown) => ({ from: { pathname, search, hash } });

describe('redirectTarget', () => {
  it.each([
    ['the account page', from('/dashboard/account'), '/dashboard/account'],
    [
      'a page with its query and hash',
      from('/dashboard/journal', '?status=open', '#top'),
      '/dashboard/journal?status=open#top',
    ],
  ])('returns to %s', (_name, state, target) => {
    expect(redirectTarget(state)).toBe(target);
  });

  it.each([
    ['no state', null],
    ['no page', {}],
    ['a path that is not a string', from(42)],
    ['an absolute URL', from('https://evil.example/dashboard')],
    ['a scheme-relative URL', from('//evil.example/dashboard')],
    ['a backslash that browsers read as a slash', from('/\\evil.example/dashboard')],
    ['a javascript: URL', from('javascript:alert(1)')],
    ['a search that is not a string', from('/dashboard/account', { toString: () => '//evil.example' })],
    ['the sign-in screen itself', from('/login')],
    ['the sign-up screen', from('/signup', '?x=1')],
  ])('goes to the dashboard for %s', (_name, state) => {
    expect(redirectTarget(state)).toBe('/dashboard');
  });
});
