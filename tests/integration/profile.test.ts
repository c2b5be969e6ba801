/** GET/PATCH /api/profile end to end: real tokens, real authorizer, real tables. */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@shared/routes';
import { profileSchema } from '@shared/profiles/schemas';
import { api, cognitoClient, createUser, documentClient, stack, type TestUser } from '../helpers/local-stack';

const DAY_MS = 24 * 60 * 60 * 1000;

async function storedProfile(id: string) {
  const { Item } = await documentClient().send(new GetCommand({ TableName: 'profiles', Key: { id } }));
  return Item;
}

describe('profile routes', () => {
  let alice: TestUser;
  let bob: TestUser;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([createUser('alice'), createUser('bob')]);
    aliceId = String(decodeJwt(alice.accessToken).sub);
    bobId = String(decodeJwt(bob.accessToken).sub);
  });

  it('has a profile with a 7-day trial from confirmation, before any call, and returns that one', async () => {
    // Written by the post-confirmation trigger while createUser confirmed the account.
    const stored = profileSchema.parse(await storedProfile(aliceId));
    expect(stored).toMatchObject({
      id: aliceId,
      email: alice.email,
      full_name: null,
      subscription_tier: null,
    });
    expect(Date.parse(stored.trial_end_date) - Date.parse(stored.created_at)).toBe(7 * DAY_MS);
    expect(Date.now() - Date.parse(stored.created_at)).toBeLessThan(60_000);
    expect(stored.notification_prefs).toEqual({
      email_alerts: true,
      push_notifications: true,
      market_updates: true,
      trade_confirmations: true,
    });

    const first = await api('/api/profile', { token: alice.accessToken });
    expect(first.status).toBe(200);
    expect(first.json).toEqual(stored);
    expect(await storedProfile(aliceId)).toEqual(stored);
  });

  it('gave the demo account, confirmed by the runtime at start, its profile the same way', async () => {
    const { UserAttributes } = await cognitoClient().send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: 'demo@example.com' }),
    );
    const sub = UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    const demo = profileSchema.parse(await storedProfile(sub));
    expect(demo).toMatchObject({ email: 'demo@example.com', subscription_tier: null });
    expect(Date.parse(demo.trial_end_date) - Date.parse(demo.created_at)).toBe(7 * DAY_MS);
  });

  it('dates a missing profile from the Cognito sign-up, never a fresh trial', async () => {
    const carol = await createUser('carol');
    const carolId = String(decodeJwt(carol.accessToken).sub);
    const { UserCreateDate } = await cognitoClient().send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: carol.email }),
    );
    await documentClient().send(new DeleteCommand({ TableName: 'profiles', Key: { id: carolId } }));
    // Time passes between sign-up and the first call (a whole second, so a profile dated from the
    // call would show): the trial still ends 7 days after sign-up.
    await expect.poll(() => Date.now() - UserCreateDate!.getTime(), { interval: 50 }).toBeGreaterThan(1000);

    const read = profileSchema.parse((await api('/api/profile', { token: carol.accessToken })).json);
    expect(read.created_at).toBe(UserCreateDate!.toISOString());
    expect(Date.parse(read.trial_end_date)).toBe(UserCreateDate!.getTime() + 7 * DAY_MS);
    expect(await storedProfile(carolId)).toEqual(read);
  });

  it('saves a full name (trimmed) and notification preferences, and stores an empty name as null', async () => {
    const named = await api('/api/profile', {
      token: alice.accessToken,
      method: 'PATCH',
      body: { full_name: '  Alice Trader ', notification_prefs: { market_updates: false } },
    });
    expect(named.status).toBe(200);
    expect(named.json).toMatchObject({
      full_name: 'Alice Trader',
      notification_prefs: { market_updates: false, email_alerts: true },
    });
    expect((await storedProfile(aliceId))?.full_name).toBe('Alice Trader');

    const cleared = await api('/api/profile', {
      token: alice.accessToken,
      method: 'PATCH',
      body: { full_name: '' },
    });
    expect(cleared.status).toBe(200);
    expect((await storedProfile(aliceId))?.full_name).toBeNull();
  });

  it('records finishing or skipping the onboarding tour, readable from any browser', async () => {
    const fresh = profileSchema.parse((await api('/api/profile', { token: bob.accessToken })).json);
    expect(fresh.onboarding_completed_at ?? null).toBeNull();
    expect(fresh.onboarding_skipped_at ?? null).toBeNull();

    const skippedAt = new Date(Date.now() - 1000).toISOString();
    const skipped = await api('/api/profile', {
      token: bob.accessToken,
      method: 'PATCH',
      body: { onboarding_skipped_at: skippedAt },
    });
    expect(skipped.status).toBe(200);
    expect(skipped.json).toMatchObject({ onboarding_skipped_at: skippedAt, email: bob.email });
    expect((await storedProfile(bobId))?.onboarding_skipped_at).toBe(skippedAt);
    expect((await api('/api/profile', { token: bob.accessToken })).json).toMatchObject({
      onboarding_skipped_at: skippedAt,
    });

    const future = await api('/api/profile', {
      token: bob.accessToken,
      method: 'PATCH',
      body: { onboarding_completed_at: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() },
    });
    expect(future.status).toBe(400);
    expect(future.json).toMatchObject({ error: { code: 'validation_failed' } });
    expect((future.json as { error: { message: string } }).error.message).toContain(
      'onboarding_completed_at',
    );
    expect((await storedProfile(bobId))?.onboarding_completed_at).toBeUndefined();

    const cleared = await api('/api/profile', {
      token: bob.accessToken,
      method: 'PATCH',
      body: { onboarding_skipped_at: null },
    });
    expect(cleared.status).toBe(200);
    expect((await storedProfile(bobId))?.onboarding_skipped_at).toBeNull();
  });

  it("keeps each user's profile their own: an id in the body never reaches another user", async () => {
    await api('/api/profile', { token: bob.accessToken, method: 'PATCH', body: { full_name: 'Bob' } });
    const before = await storedProfile(bobId);

    const attempt = await api('/api/profile', {
      token: alice.accessToken,
      method: 'PATCH',
      body: { id: bobId, full_name: 'Hijacked' },
    });
    expect(attempt.status).toBe(400);
    expect(attempt.json).toMatchObject({ error: { code: 'validation_failed' } });
    expect((attempt.json as { error: { details: { path: string }[] } }).error.details).toContainEqual(
      expect.objectContaining({ path: 'id' }),
    );
    expect(await storedProfile(bobId)).toEqual(before);

    const bobView = await api('/api/profile', { token: bob.accessToken });
    expect(bobView.json).toMatchObject({ id: bobId, email: bob.email, full_name: 'Bob' });
  });

  describe('bad input gets its status and envelope and changes nothing', () => {
    const expectUnchanged = async (request: () => ReturnType<typeof api>, status: number, code: string) => {
      await api('/api/profile', { token: alice.accessToken, method: 'PATCH', body: { full_name: 'Steady' } });
      const before = await storedProfile(aliceId);
      const response = await request();
      expect(response.status).toBe(status);
      expect(response.json).toMatchObject({ error: { code, message: expect.any(String) } });
      expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
      expect(await storedProfile(aliceId)).toEqual(before);
    };

    it('malformed JSON: 400 invalid_json', () =>
      expectUnchanged(
        () =>
          api('/api/profile', { token: alice.accessToken, method: 'PATCH', rawBody: '{"full_name": "x"' }),
        400,
        'invalid_json',
      ));

    it('a wrong type: 400 validation_failed naming the field', async () => {
      await expectUnchanged(
        () => api('/api/profile', { token: alice.accessToken, method: 'PATCH', body: { full_name: 42 } }),
        400,
        'validation_failed',
      );
      const response = await api('/api/profile', {
        token: alice.accessToken,
        method: 'PATCH',
        body: { full_name: 42 },
      });
      expect((response.json as { error: { message: string } }).error.message).toContain('full_name');
    });

    it('an empty update: 400 validation_failed', () =>
      expectUnchanged(
        () => api('/api/profile', { token: alice.accessToken, method: 'PATCH', body: {} }),
        400,
        'validation_failed',
      ));

    it('a body over 64 KiB: 413 payload_too_large', () =>
      expectUnchanged(
        () =>
          api('/api/profile', {
            token: alice.accessToken,
            method: 'PATCH',
            body: { full_name: 'x'.repeat(MAX_BODY_BYTES) },
          }),
        413,
        'payload_too_large',
      ));

    it('a body that is not JSON: 415 unsupported_media_type', () =>
      expectUnchanged(
        () =>
          api('/api/profile', {
            token: alice.accessToken,
            method: 'PATCH',
            rawBody: 'full_name=Mallory',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        415,
        'unsupported_media_type',
      ));
  });
});
