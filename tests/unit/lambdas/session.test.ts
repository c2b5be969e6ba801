/**
 * The session check over mocked AWS clients: no token, no service; the user's revocation read
 * strongly consistently for every write and from a 5 s container cache for reads; Cognito asked
 * once a minute per token, and always before answering (nothing runs after the caller has its
 * answer).
 */
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InternalErrorException,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVOCATION_READ_CACHE_MS } from '@shared/auth/sessions';
import { UnauthorizedError } from '../../../lambdas/common/errors';
import { assertSessionAlive, forgetSessions } from '../../../lambdas/common/session';

const cognito = mockClient(CognitoIdentityProviderClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const T = 1_800_000_000_000;
const IAT = T / 1000 - 100;
const signedOut = () =>
  new NotAuthorizedException({ message: 'Access Token has been revoked', $metadata: {} });
const cognitoCalls = () => cognito.commandCalls(GetUserCommand).length;
const revocationReads = () => dynamo.commandCalls(GetCommand);
const session = (accessToken: string | undefined = 'token-1', issuedAt: number | undefined = IAT) => ({
  userId: 'u1',
  accessToken,
  issuedAt,
});
const READ = { write: false };
const WRITE = { write: true };
const revokedAt = (revoked_at: number) => ({
  Item: { user_id: 'u1', reason: 'signed_out', revoked_at, expires_at: revoked_at + 86_400 },
});

beforeAll(() => {
  process.env.TABLE_REVOCATIONS = 'revocations-test';
});
beforeEach(() => {
  cognito.reset();
  dynamo.reset();
  forgetSessions();
  cognito.on(GetUserCommand).resolves({ Username: 'u1', UserAttributes: [] });
  dynamo.on(GetCommand).resolves({});
});

describe('assertSessionAlive', () => {
  it.each([
    ['no token', { ...session(), accessToken: undefined }],
    ['an empty token', session('')],
    ['no user', { ...session(), userId: '' }],
  ])('refuses %s with 401 and asks nobody', async (_name, caller) => {
    await expect(assertSessionAlive(caller, READ, T)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(assertSessionAlive(caller, WRITE, T)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(cognitoCalls()).toBe(0);
    expect(revocationReads()).toHaveLength(0);
  });

  it('refuses a token issued at or before the revocation, and takes one issued after it', async () => {
    dynamo.on(GetCommand, { TableName: 'revocations-test', Key: { user_id: 'u1' } }).resolves(revokedAt(IAT));
    await expect(assertSessionAlive(session('old', IAT), WRITE, T)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(
      assertSessionAlive({ ...session('no-iat'), issuedAt: undefined }, WRITE, T),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(assertSessionAlive(session('new', IAT + 1), WRITE, T)).resolves.toBeUndefined();
  });

  it('reads the revocation strongly consistently for every write, cached or not', async () => {
    await assertSessionAlive(session(), WRITE, T);
    await assertSessionAlive(session(), READ, T + 1);
    dynamo.on(GetCommand).resolves(revokedAt(IAT));
    // A write a millisecond after the revocation landed is refused, whatever the container knew.
    await expect(assertSessionAlive(session(), WRITE, T + 2)).rejects.toBeInstanceOf(UnauthorizedError);
    const reads = revocationReads().map((call) => call.args[0].input);
    expect(reads.map((input) => input.ConsistentRead)).toEqual([true, true]);
    expect(reads[0]).toMatchObject({ TableName: 'revocations-test', Key: { user_id: 'u1' } });
  });

  it(`answers reads from the container's revocation for up to ${REVOCATION_READ_CACHE_MS} ms`, async () => {
    await assertSessionAlive(session(), READ, T);
    dynamo.on(GetCommand).resolves(revokedAt(IAT));
    await assertSessionAlive(session(), READ, T + REVOCATION_READ_CACHE_MS - 1);
    expect(revocationReads()).toHaveLength(1);
    await expect(assertSessionAlive(session(), READ, T + REVOCATION_READ_CACHE_MS)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(revocationReads()).toHaveLength(2);
  });

  it('refuses rather than ignores a revocation row it cannot read', async () => {
    dynamo.on(GetCommand).resolves({ Item: { user_id: 'u1', reason: 'whatever' } });
    await expect(assertSessionAlive(session(), WRITE, T)).rejects.toThrow();
  });

  it('asks Cognito once a minute per token', async () => {
    await assertSessionAlive(session('token-1'), READ, T);
    await assertSessionAlive(session('token-1'), READ, T + 59_999);
    expect(cognitoCalls()).toBe(1);
    await assertSessionAlive(session('token-2'), READ, T);
    expect(cognitoCalls()).toBe(2);
    await assertSessionAlive(session('token-1'), READ, T + 60_000);
    expect(cognitoCalls()).toBe(3);
  });

  it('asks Cognito before answering once the minute is over, never after', async () => {
    await assertSessionAlive(session(), READ, T);
    let answer: () => void = () => {};
    cognito
      .on(GetUserCommand)
      .callsFake(() => new Promise((resolve) => (answer = () => resolve({ Username: 'u1' }))));
    // Within the minute: answered with no call at all (no renewal started behind the caller).
    await assertSessionAlive(session(), READ, T + 45_000);
    expect(cognitoCalls()).toBe(1);
    // Past it: the caller waits for Cognito's answer.
    let settled = false;
    const checked = assertSessionAlive(session(), READ, T + 60_000).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(cognitoCalls()).toBe(2);
    answer();
    await checked;
    expect(settled).toBe(true);
  });

  it('refuses a session Cognito ended, once the minute is over', async () => {
    await assertSessionAlive(session(), READ, T);
    cognito.on(GetUserCommand).rejects(signedOut());
    await assertSessionAlive(session(), READ, T + 59_999);
    await expect(assertSessionAlive(session(), READ, T + 60_000)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('lets a Cognito failure through (route() maps it to 503), and asks again next time', async () => {
    cognito.on(GetUserCommand).rejects(new InternalErrorException({ message: 'down', $metadata: {} }));
    await expect(assertSessionAlive(session(), READ, T)).rejects.toBeInstanceOf(InternalErrorException);
    cognito.on(GetUserCommand).resolves({ Username: 'u1' });
    await assertSessionAlive(session(), READ, T + 1);
    expect(cognitoCalls()).toBe(2);
  });
});
