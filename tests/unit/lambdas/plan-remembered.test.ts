/**
 * The feeds' remembered plan check over mocked AWS clients: one profile read a minute per user
 * (read again before answering once the minute is over, never behind the caller), the plan still judged at each call's time (a
 * trial ends on time), a refusal never made on a remembered profile (an upgrade counts at once),
 * a downgrade seen once the minute is over.
 */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlanLimitError, rememberedFeatureCheck } from '../../../lambdas/common/plan';

const dynamo = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const NOW = new Date('2026-11-23T12:00:00.000Z');
const DAY_MS = 86_400_000;
const MINUTE = 60_000;

beforeAll(() => {
  process.env.USER_POOL_ID = 'pool-1';
});
beforeEach(() => {
  dynamo.reset();
  cognito.reset();
});

const profile = (subscription_tier: string | null, trialEnd: number) => ({
  Item: { id: 'u1', trial_end_date: new Date(trialEnd).toISOString(), subscription_tier },
});

function check() {
  let clock = NOW.getTime();
  const lookup = rememberedFeatureCheck(
    dynamo as unknown as DynamoDBDocumentClient,
    'profiles-t',
    MINUTE,
    undefined,
    () => clock,
  );
  return {
    lookup,
    reads: () => dynamo.commandCalls(GetCommand).length,
    later: (ms: number) => (clock += ms),
    at: () => new Date(clock),
  };
}

describe('rememberedFeatureCheck', () => {
  it('reads a user’s profile once a minute, and each user’s own', async () => {
    dynamo.on(GetCommand).resolves(profile('pro', NOW.getTime() - DAY_MS));
    const { lookup, reads, later, at } = check();
    expect(await lookup('u1', 'darkpool', at())).toBe('pro');
    later(40_000 - 1);
    expect(await lookup('u1', 'alerts', at())).toBe('pro');
    expect(reads()).toBe(1);
    await lookup('u2', 'alerts', at());
    expect(reads()).toBe(2);
    later(20_001);
    await lookup('u1', 'alerts', at());
    expect(reads()).toBe(3);
  });

  it('reads it again before answering once the minute is over, never in the background', async () => {
    dynamo.on(GetCommand).resolvesOnce(profile('pro', NOW.getTime() - DAY_MS));
    const { lookup, reads, later, at } = check();
    await lookup('u1', 'darkpool', at());
    let answer: () => void = () => {};
    dynamo
      .on(GetCommand)
      .callsFake(
        () => new Promise((resolve) => (answer = () => resolve(profile('elite', NOW.getTime() - DAY_MS)))),
      );
    later(59_999);
    expect(await lookup('u1', 'darkpool', at())).toBe('pro'); // within the minute: no read at all
    expect(reads()).toBe(1);
    later(1);
    let settled = false;
    const answered = lookup('u1', 'darkpool', at()).then((plan) => ((settled = true), plan));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false); // the caller waits for the new read
    expect(reads()).toBe(2);
    answer();
    expect(await answered).toBe('elite');
  });

  it('judges the remembered profile at each call’s time: a trial ends on time', async () => {
    const trialEnd = NOW.getTime() + 30_000;
    dynamo.on(GetCommand).resolves(profile(null, trialEnd));
    const { lookup, later, at } = check();
    expect(await lookup('u1', 'alerts', at())).toBe('trial');
    later(30_000);
    await expect(lookup('u1', 'alerts', at())).rejects.toBeInstanceOf(PlanLimitError);
  });

  it('never refuses on a remembered profile: an upgrade counts at once', async () => {
    dynamo.on(GetCommand).resolvesOnce(profile('starter', NOW.getTime() - DAY_MS));
    const { lookup, reads, later, at } = check();
    expect(await lookup('u1', 'alerts', at())).toBe('starter');
    dynamo.on(GetCommand).resolves(profile('pro', NOW.getTime() - DAY_MS));
    later(1_000);
    expect(await lookup('u1', 'darkpool', at())).toBe('pro');
    expect(reads()).toBe(2);
  });

  it('refuses with plan_limit on a fresh read, and sees a downgrade once the minute is over', async () => {
    dynamo.on(GetCommand).resolvesOnce(profile('pro', NOW.getTime() - DAY_MS));
    const { lookup, later, at } = check();
    expect(await lookup('u1', 'darkpool', at())).toBe('pro');
    dynamo.on(GetCommand).resolves(profile('starter', NOW.getTime() - DAY_MS));
    later(MINUTE);
    const refusal = await lookup('u1', 'darkpool', at()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PlanLimitError);
    expect((refusal as PlanLimitError).details).toMatchObject({ plan: 'starter', unlockedBy: 'pro' });
  });

  it('dates an account without a profile from its sign-up, and remembers that too', async () => {
    dynamo.on(GetCommand).resolves({});
    cognito
      .on(AdminGetUserCommand)
      .resolves({ UserCreateDate: new Date(NOW.getTime() - 7 * DAY_MS + 20_000) });
    const { lookup, later, at } = check();
    expect(await lookup('u1', 'alerts', at())).toBe('trial');
    later(10_000);
    expect(await lookup('u1', 'alerts', at())).toBe('trial');
    expect(cognito.commandCalls(AdminGetUserCommand)).toHaveLength(1);
    later(10_000); // seven days since sign-up: the trial is over
    await expect(lookup('u1', 'alerts', at())).rejects.toBeInstanceOf(PlanLimitError);
  });
});
