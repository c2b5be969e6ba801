/**
 * readSecret: in AWS through Powertools Parameters (Secrets Manager by ARN, cached per container,
 * mocked here with aws-sdk-client-mock on the SDK's own client class), locally from the
 * environment, read on every call.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secrets } from '@shared/secrets';
import { fromAwsError } from '../../../lambdas/common/errors';
import { clearSecretCache, readSecret, SECRET_MAX_AGE_SECONDS } from '../../../lambdas/common/secrets';

const secretsManager = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:openai-AbCdEf';

describe('in AWS (an ARN in the environment)', () => {
  beforeEach(() => {
    secretsManager.reset();
    clearSecretCache();
    vi.stubEnv(secrets.openaiApiKey.arnEnvVar, ARN);
    vi.stubEnv(secrets.openaiApiKey.localEnvVar, 'the-local-value-is-not-read');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('reads the secret by its ARN, once, then from the cache until it is cleared', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: ARN })
      .resolvesOnce({ SecretString: 'sk-one' })
      .resolves({
        SecretString: 'sk-two',
      });
    expect(await readSecret('openaiApiKey')).toBe('sk-one');
    expect(await readSecret('openaiApiKey')).toBe('sk-one');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);

    clearSecretCache();
    expect(await readSecret('openaiApiKey')).toBe('sk-two');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it(`reads it again once the cache's ${SECRET_MAX_AGE_SECONDS} s are over`, async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    secretsManager
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: 'old' })
      .resolves({ SecretString: 'rotated' });
    expect(await readSecret('openaiApiKey')).toBe('old');
    vi.setSystemTime(Date.now() + (SECRET_MAX_AGE_SECONDS - 1) * 1000);
    expect(await readSecret('openaiApiKey')).toBe('old');
    vi.setSystemTime(Date.now() + 2000);
    expect(await readSecret('openaiApiKey')).toBe('rotated');
  });

  it('answers undefined for a binary secret, which no caller can use', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2, 3]) });
    expect(await readSecret('openaiApiKey')).toBeUndefined();
  });

  it("lets Secrets Manager's own error through, so a throttle is a 503 and not a 500", async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'ThrottlingException',
      $fault: 'client',
    });
    secretsManager.on(GetSecretValueCommand).rejects(throttled);
    const error = await readSecret('openaiApiKey').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ThrottlingException' });
    expect(fromAwsError(error)?.status).toBe(503);
  });
});

describe('locally (no ARN)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads the environment variable on every call, so a changed value is seen at once', async () => {
    secretsManager.reset();
    vi.stubEnv(secrets.openaiApiKey.arnEnvVar, '');
    vi.stubEnv(secrets.openaiApiKey.localEnvVar, 'first');
    expect(await readSecret('openaiApiKey')).toBe('first');
    vi.stubEnv(secrets.openaiApiKey.localEnvVar, 'second');
    expect(await readSecret('openaiApiKey')).toBe('second');
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
