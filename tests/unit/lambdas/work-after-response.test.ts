/**
 * Nothing left running when a handler returns: Lambda freezes the container once the response is
 * returned, so a renewal started behind the caller would run late or never. Every AWS call a
 * handler makes is tracked (each answered a moment later, as a real one is); right when the
 * handler returns, none may still be in flight — for a cold request, and for requests at the
 * moments where the caches of the session check (a minute), the plan check (a minute) and the
 * feed reads (10 s) age or expire.
 */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent } from '../../helpers/api-events';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const inflight = new Set<Promise<unknown>>();
const START = Date.parse('2026-11-23T15:00:00Z');

/**
 * Calls are answered one per event-loop turn, the newest first: a call the handler waits for is
 * always answered before an older one it does not wait for, so a call started behind the caller's
 * back is still unanswered when the handler returns, however fast the rest of the request is.
 */
const waiting: (() => void)[] = [];
let pumping = false;
function pump() {
  if (pumping) return;
  pumping = true;
  setImmediate(function next() {
    waiting.pop()?.();
    if (waiting.length > 0) setImmediate(next);
    else pumping = false;
  });
}
function later<T>(value: T): Promise<T> {
  const answer = new Promise<T>((resolve) => waiting.push(() => resolve(value)));
  const tracked = answer.finally(() => inflight.delete(tracked));
  inflight.add(tracked);
  pump();
  return answer;
}

type Handler = (event: ReturnType<typeof apiEvent>) => Promise<{ statusCode?: number }>;
let handlers: Record<string, Handler>;

beforeAll(async () => {
  Object.assign(process.env, {
    TABLE_PROFILES: 'profiles-t',
    TABLE_REVOCATIONS: 'revocations-t',
    TABLE_FEEDS: 'feeds-t',
    TABLE_FEED_DISMISSALS: 'dismissals-t',
    USER_POOL_ID: 'pool-1',
  });
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.useFakeTimers({ toFake: ['Date'] });
  const profile = await import('../../../lambdas/profile/handler');
  const feeds = await import('../../../lambdas/feeds/handler');
  handlers = { getProfile: profile.getProfile, getFeed: feeds.getFeed } as unknown as Record<string, Handler>;
});
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
beforeEach(() => {
  dynamo.reset();
  cognito.reset();
  const profileItem = {
    id: 'u1',
    email: 'ann@example.com',
    full_name: null,
    subscription_tier: 'elite',
    trial_end_date: '2026-11-01T00:00:00.000Z',
    created_at: '2026-10-25T00:00:00.000Z',
    updated_at: '2026-10-25T00:00:00.000Z',
  };
  dynamo.on(GetCommand).callsFake(() => later({}));
  dynamo.on(GetCommand, { TableName: 'profiles-t' }).callsFake(() => later({ Item: profileItem }));
  dynamo.on(QueryCommand).callsFake(() => later({ Items: [] }));
  cognito
    .on(GetUserCommand)
    .callsFake(() =>
      later({ Username: 'u1', UserAttributes: [{ Name: 'email', Value: 'ann@example.com' }] }),
    );
  cognito
    .on(AdminGetUserCommand)
    .callsFake(() => later({ Username: 'u1', UserCreateDate: new Date(START - 86_400_000) }));
});

const requests = {
  getProfile: { path: '/api/profile' },
  getFeed: { path: '/api/feeds/darkpool', pathParameters: { feed: 'darkpool' } },
} as const;

describe('no AWS call is still in flight when a handler returns', () => {
  it.each(Object.keys(requests) as (keyof typeof requests)[])('%s', async (id) => {
    // Seconds after the first request: inside the caches, in what were renewal windows, past them.
    for (const [i, seconds] of [0, 15, 25, 45, 59, 61, 75, 125].entries()) {
      vi.setSystemTime(START + seconds * 1000 + (id === 'getFeed' ? 3_600_000 : 0));
      const result = await handlers[id]!(
        apiEvent({
          ...requests[id],
          sub: 'u1',
          token: 'token-u1',
          claims: { iat: String(Math.floor(START / 1000) - 60) },
        }),
      );
      expect(result.statusCode, `request ${i + 1} (${seconds} s)`).toBe(200);
      expect(inflight.size, `calls left running after request ${i + 1} (${seconds} s)`).toBe(0);
      await Promise.all([...inflight]);
    }
  });
});
