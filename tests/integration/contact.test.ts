/** POST /api/contact: stored when valid, refused (and nothing stored) when not, rate-limited per viewer. */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, documentClient } from '../helpers/local-stack';

/** Each test is its own viewer: requests come from their own loopback address. */
const viewers = {
  first: '127.0.1.1',
  invalid: '127.0.1.2',
  oversized: '127.0.1.3',
  burst: '127.0.1.10',
  bystander: '127.0.1.11',
  spoofer: '127.0.1.20',
  longHeader: '127.0.1.30',
} as const;

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
    const response = await api('/api/contact', {
      method: 'POST',
      body: message(subject),
      from: viewers.first,
    });
    expect(response.status).toBe(202);
    const { id } = response.json as { id: string };
    const [stored] = await storedMessages(subject);
    expect(stored).toMatchObject({ id, ...message(subject), category: 'general' });
    // A keyed hash: not the address, and not its plain SHA-256 (which anyone could invert by
    // hashing every IPv4 address).
    expect(stored?.source_ip_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(stored)).not.toContain(viewers.first);
    expect(stored?.source_ip_hash).not.toBe(createHash('sha256').update(viewers.first).digest('base64url'));
    expect(stored?.source_ip_hash).not.toBe(createHash('sha256').update(viewers.first).digest('hex'));
  });

  it('refuses missing and malformed fields, naming them, and stores nothing', async () => {
    const subject = `Bad ${randomUUID()}`;
    const response = await api('/api/contact', {
      method: 'POST',
      body: { ...message(subject), name: '   ', email: 'not-an-email', category: 'spam' },
      from: viewers.invalid,
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
      from: viewers.oversized,
    });
    expect(response.status).toBe(413);
    expect(await storedMessages(subject)).toEqual([]);
  });

  it('allows 5 messages an hour from one viewer, then answers 429 with Retry-After and stores no more', async () => {
    const subject = `Burst ${randomUUID()}`;
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await api('/api/contact', { method: 'POST', body: message(subject), from: viewers.burst })).status,
      ).toBe(202);
    }
    const sixth = await api('/api/contact', { method: 'POST', body: message(subject), from: viewers.burst });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedMessages(subject)).toHaveLength(5);
    // Another viewer is not affected.
    expect(
      (await api('/api/contact', { method: 'POST', body: message(subject), from: viewers.bystander })).status,
    ).toBe(202);
  });

  it('takes the viewer from the connection: a spoofed CloudFront-Viewer-Address changes nothing', async () => {
    const subject = `Spoof ${randomUUID()}`;
    for (let i = 0; i < 5; i += 1)
      await api('/api/contact', { method: 'POST', body: message(subject), from: viewers.spoofer });
    for (let guess = 1; guess <= 5; guess += 1) {
      const spoofed = await api('/api/contact', {
        method: 'POST',
        body: message(subject),
        from: viewers.spoofer,
        headers: { 'cloudfront-viewer-address': `203.0.113.${guess}:443`, 'x-origin-verify': 'guess' },
      });
      expect(spoofed.status).toBe(429);
    }
    expect(await storedMessages(subject)).toHaveLength(5);
  });

  it('answers a 2 KB viewer header like any other request, never with a 500', async () => {
    const subject = `Long ${randomUUID()}`;
    const response = await api('/api/contact', {
      method: 'POST',
      body: message(subject),
      from: viewers.longHeader,
      headers: { 'cloudfront-viewer-address': `${'9'.repeat(2100)}:1` },
    });
    expect(response.status).toBe(202);
  });
});
