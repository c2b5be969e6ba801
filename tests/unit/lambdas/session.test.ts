/**
 * The session check over a mocked Cognito: one GetUser a minute per token, made again in the
 * background by the first request in the minute's last 20 s (the caller does not wait for
 * it), and a signed-out token refused within the minute: at once once a renewal has seen it.
 */
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InternalErrorException,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../../../lambdas/common/errors';
import { assertSessionAlive, forgetSessions } from '../../../lambdas/common/session';

const cognito = mockClient(CognitoIdentityProviderClient);
const T = 1_800_000_000_000;
const signedOut = () =>
  new NotAuthorizedException({ message: 'Access Token has been revoked', $metadata: {} });
const calls = () => cognito.commandCalls(GetUserCommand).length;

beforeEach(() => {
  cognito.reset();
  forgetSessions();
});

describe('assertSessionAlive', () => {
  it('asks Cognito once for a token within its first 40 s', async () => {
    cognito.on(GetUserCommand).resolves({ Username: 'u1', UserAttributes: [] });
    await assertSessionAlive('token-1', T);
    await assertSessionAlive('token-1', T + 39_999);
    expect(calls()).toBe(1);
    await assertSessionAlive('token-2', T);
    expect(calls()).toBe(2);
  });

  it('asks again in the background in the last 20 s, without keeping the caller waiting', async () => {
    cognito.on(GetUserCommand).resolvesOnce({ Username: 'u1', UserAttributes: [] });
    await assertSessionAlive('token-1', T);
    let answer: () => void = () => {};
    cognito
      .on(GetUserCommand)
      .callsFake(
        () => new Promise((resolve) => (answer = () => resolve({ Username: 'u1', UserAttributes: [] }))),
      );
    await assertSessionAlive('token-1', T + 40_000); // resolves while Cognito has not answered
    await assertSessionAlive('token-1', T + 41_000);
    expect(calls()).toBe(2);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The renewed answer (from 40 s) holds until 100 s: at 80 s it answers at once (and is
    // renewed in turn, by a call that this time never comes back).
    cognito.on(GetUserCommand).callsFake(() => new Promise(() => {}));
    const answered = assertSessionAlive('token-1', T + 80_000).then(() => 'answered');
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000));
    expect(await Promise.race([answered, waited])).toBe('answered');
    expect(calls()).toBe(3);
  });

  it('refuses a signed-out token from the renewal that saw it, within the minute', async () => {
    cognito.on(GetUserCommand).resolvesOnce({ Username: 'u1', UserAttributes: [] });
    await assertSessionAlive('token-1', T);
    cognito.on(GetUserCommand).rejects(signedOut());
    await assertSessionAlive('token-1', T + 40_000); // answered from the first check; renews
    await expect
      .poll(() =>
        assertSessionAlive('token-1', T + 41_000).then(
          () => 'accepted',
          (error: unknown) => error,
        ),
      )
      .toBeInstanceOf(UnauthorizedError);
  });

  it('refuses a signed-out token once the minute is over, renewed or not', async () => {
    cognito.on(GetUserCommand).resolvesOnce({ Username: 'u1', UserAttributes: [] });
    await assertSessionAlive('token-1', T);
    cognito.on(GetUserCommand).rejects(signedOut());
    await expect(assertSessionAlive('token-1', T + 60_000)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('keeps the answer to its minute when a renewal fails, then asks again before answering', async () => {
    cognito.on(GetUserCommand).resolvesOnce({ Username: 'u1', UserAttributes: [] });
    await assertSessionAlive('token-1', T);
    cognito.on(GetUserCommand).rejects(new InternalErrorException({ message: 'down', $metadata: {} }));
    await assertSessionAlive('token-1', T + 45_000);
    await expect.poll(calls).toBe(2);
    await assertSessionAlive('token-1', T + 59_999);
    await expect(assertSessionAlive('token-1', T + 60_000)).rejects.toBeInstanceOf(InternalErrorException);
  });
});
