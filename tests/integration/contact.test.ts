/** POST /api/contact: stored when valid, refused (and nothing stored) when not, rate-limited per viewer. */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, documentClient } from '../helpers/local-stack';

const viewer = () => ({
  'cloudfront-viewer-address': `203.0.113.${Math.floor(Math.random() * 250) + 1}:443${Math.floor(Math.random() * 10)}`,
});

async function storedMessages(subject: string) {
  const { Items } = await documentClient().send(
    new ScanCommand({
      TableName: 'contact_messages',
      FilterExpression: 'subject = :s',
      ExpressionAttributeValues: { ':s': subject },
    }),
  );
  return Items ?? [];
}

const message = (subject: string) => ({
  name: 'Dana Trader',
  email: 'dana@example.com',
  subject,
  message: 'How do I read the edge score?',
});

describe('POST /api/contact', () => {
  it('stores a valid message with the default category and answers 202 with its id', async () => {
    const subject = `Question ${randomUUID()}`;
    const response = await api('/api/contact', { method: 'POST', body: message(subject), headers: viewer() });
    expect(response.status).toBe(202);
    const { id } = response.json as { id: string };
    const [stored] = await storedMessages(subject);
    expect(stored).toMatchObject({ id, ...message(subject), category: 'general' });
    expect(stored?.source_ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain('203.0.113.');
  });

  it('refuses missing and malformed fields, naming them, and stores nothing', async () => {
    const subject = `Bad ${randomUUID()}`;
    const response = await api('/api/contact', {
      method: 'POST',
      body: { ...message(subject), name: '   ', email: 'not-an-email', category: 'spam' },
      headers: viewer(),
    });
    expect(response.status).toBe(400);
    const { error } = response.json as { error: { code: string; details: { path: string }[] } };
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.path).sort()).toEqual(['category', 'email', 'name']);
    expect(await storedMessages(subject)).toEqual([]);
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const subject = `Big ${randomUUID()}`;
    const response = await api('/api/contact', {
      method: 'POST',
      body: { ...message(subject), message: 'x'.repeat(70 * 1024) },
      headers: viewer(),
    });
    expect(response.status).toBe(413);
    expect(await storedMessages(subject)).toEqual([]);
  });

  it('allows 5 messages an hour from one viewer, then answers 429 and stores no more', async () => {
    const from = viewer();
    const subject = `Burst ${randomUUID()}`;
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await api('/api/contact', { method: 'POST', body: message(subject), headers: from })).status,
      ).toBe(202);
    }
    const sixth = await api('/api/contact', { method: 'POST', body: message(subject), headers: from });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ error: { code: 'rate_limited' } });
    expect(await storedMessages(subject)).toHaveLength(5);
    // Another viewer is not affected.
    expect(
      (await api('/api/contact', { method: 'POST', body: message(subject), headers: viewer() })).status,
    ).toBe(202);
  });
});
