/**
 * The signed-in session for jsdom tests of the app. Apart from ./amplify-auth-mock, whose
 * amplifyAuthMock is the factory of the file's vi.mock('aws-amplify/auth'): importing Amplify Auth
 * there would make the mock's factory wait on itself.
 */
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { vi } from 'vitest';
/**
 * Signs the app in through the mocked Amplify Auth (the test file mocks 'aws-amplify/auth' with
 * amplifyAuthMock): `sub`'s access and ID tokens, the ID token carrying `email`.
 */
export function mockSignedIn(sub = 'sub-1', email = 'trader@example.com') {
  vi.mocked(getCurrentUser).mockResolvedValue({ userId: sub, username: sub });
  vi.mocked(fetchAuthSession).mockResolvedValue({
    tokens: {
      accessToken: { payload: { sub }, toString: () => 'access-token' },
      idToken: { payload: { sub, email }, toString: () => 'id-token' },
    },
  } as never);
}
