/**
 * CloudFront's origin-verify header against the secret: a plain value, and the
 * `{"current","previous"}` pair the runbook's rotation stores while CloudFront moves to the new one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { secrets } from '@shared/secrets';
import { originVerified } from '../../../lambdas/common/origin-verify';

const envVar = secrets.originVerify.localEnvVar;
const saved = process.env[envVar];
afterEach(() => {
  if (saved === undefined) delete process.env[envVar];
  else process.env[envVar] = saved;
});

describe('originVerified', () => {
  it('accepts exactly the stored value, and nothing when the header or the secret is missing', async () => {
    process.env[envVar] = 'edge-secret-1';
    expect(await originVerified('edge-secret-1')).toBe(true);
    expect(await originVerified('edge-secret-2')).toBe(false);
    expect(await originVerified('edge-secret-1 ')).toBe(false);
    expect(await originVerified(undefined)).toBe(false);
    delete process.env[envVar];
    expect(await originVerified('edge-secret-1')).toBe(false);
  });

  it('accepts the current and the previous value while a rotation is under way, then only the new one', async () => {
    process.env[envVar] = JSON.stringify({ current: 'new-value', previous: 'old-value' });
    expect(await originVerified('new-value')).toBe(true);
    expect(await originVerified('old-value')).toBe(true);
    expect(await originVerified('other')).toBe(false);
    // The rotation's last step stores the new value alone: the old one stops working at once.
    process.env[envVar] = JSON.stringify({ current: 'new-value' });
    expect(await originVerified('old-value')).toBe(false);
    expect(await originVerified('new-value')).toBe(true);
    process.env[envVar] = 'new-value';
    expect(await originVerified('new-value')).toBe(true);
  });

  it('takes no empty or non-string value of the pair as a match', async () => {
    process.env[envVar] = JSON.stringify({ current: '', previous: 42 });
    expect(await originVerified('')).toBe(false);
    expect(await originVerified('42')).toBe(false);
  });
});
