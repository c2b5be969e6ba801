/** Webhooks: the private-address guard (no SSRF) and the signature's format. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressAllowed, checkWebhookUrl, isPrivateAddress } from '@shared/notifications/webhook-address';
import {
  postWebhook,
  signatureHeader,
  type PinnedRequest,
  verifySignature,
  webhookBody,
} from '../../../lambdas/notifications/webhook';
import type { Notification } from '@shared/notifications/schemas';

describe('isPrivateAddress', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.1',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:a9fe:a9fe',
    '[::1]',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2001:db8:1::1',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  const strict = { allowLocal: false };
  it('takes public https URLs only', () => {
    expect(checkWebhookUrl('https://hooks.slack.com/services/T/B/X', strict).ok).toBe(true);
    expect(checkWebhookUrl('http://hooks.slack.com/x', strict)).toEqual({
      ok: false,
      reason: 'only https URLs',
    });
    for (const url of [
      'https://10.0.0.5/hook',
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fc00::1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://localhost/hook',
      'https://metadata.google.internal/x',
      'https://intranet/x',
    ])
      expect(checkWebhookUrl(url, strict)).toMatchObject({ ok: false, reason: 'a private address' });
    expect(checkWebhookUrl('https://user:pw@example.com/x', strict).ok).toBe(false);
    expect(checkWebhookUrl('ftp://example.com/x', strict).ok).toBe(false);
    expect(checkWebhookUrl('not a url', strict).ok).toBe(false);
  });

  it('admits http on 127.0.0.1 only when local webhooks are allowed', () => {
    expect(checkWebhookUrl('http://127.0.0.1:4567/hook', strict).ok).toBe(false);
    expect(checkWebhookUrl('http://127.0.0.1:4567/hook', { allowLocal: true }).ok).toBe(true);
    expect(checkWebhookUrl('http://10.0.0.1/hook', { allowLocal: true }).ok).toBe(false);
    expect(checkWebhookUrl('http://localhost/hook', { allowLocal: true }).ok).toBe(false);
    expect(addressAllowed('127.0.0.1', { allowLocal: true })).toBe(true);
    expect(addressAllowed('127.0.0.1', strict)).toBe(false);
  });
});

const notification: Notification = {
  id: 'n-1',
  ruleId: 'r-1',
  channel: 'webhook',
  status: 'pending',
  attempts: 0,
  event: {
    feed: 'alerts',
    id: 'a-1',
    ticker: 'NVDA',
    summary: 'NVDA high breakout',
    timestamp: '2026-03-10T15:00:00.000Z',
    provider: 'simulated',
  },
  createdAt: '2026-03-10T15:00:00.000Z',
  updatedAt: '2026-03-10T15:00:00.000Z',
};

describe('signatures and bodies', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256, hex, as t=<t>,v1=<mac>', () => {
    const body = '{"id":"n-1"}';
    const expected = createHmac('sha256', 'whsec_x').update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader('whsec_x', body, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
    expect(verifySignature('whsec_x', body, `t=1700000000,v1=${expected}`, 1700000100)).toBe(true);
    expect(verifySignature('whsec_y', body, `t=1700000000,v1=${expected}`, 1700000100)).toBe(false);
    expect(verifySignature('whsec_x', `${body} `, `t=1700000000,v1=${expected}`, 1700000100)).toBe(false);
    expect(verifySignature('whsec_x', body, `t=1700000000,v1=${expected}`, 1700009999)).toBe(false);
  });

  it('carries the notification id in every format, with the line Slack and Discord show', () => {
    for (const format of ['json', 'slack', 'discord'] as const)
      expect(JSON.parse(webhookBody(format, notification, 'My rule'))).toMatchObject({
        id: 'n-1',
        ruleId: 'r-1',
      });
    expect(JSON.parse(webhookBody('slack', notification, 'My rule')).text).toContain(
      'My rule: NVDA high breakout',
    );
    expect(JSON.parse(webhookBody('discord', notification, 'My rule')).content).toContain('NVDA');
  });
});

describe('postWebhook', () => {
  it('refuses a host name that resolves to a private address, before any request', async () => {
    let called = false;
    const result = await postWebhook({ url: 'https://evil.example.com/x', secret: 's' }, '{}', {
      allowLocal: false,
      resolve: async () => ['93.184.216.34', '10.0.0.7'],
      transport: async () => ((called = true), 200),
    });
    expect(result).toEqual({ ok: false, detail: 'refused: a private address', retry: false });
    expect(called).toBe(false);
  });

  it('posts the signed body to the checked addresses, and reports a failure by status only', async () => {
    const seen: PinnedRequest[] = [];
    const options = {
      allowLocal: false,
      resolve: async () => ['93.184.216.34'],
      transport: async (request: PinnedRequest) => (seen.push(request), seen.length === 1 ? 200 : 503),
      nowSeconds: () => 1700000000,
    };
    expect(
      await postWebhook({ url: 'https://hooks.example.com/x', secret: 'k' }, '{"id":"n"}', options),
    ).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ addresses: ['93.184.216.34'], body: '{"id":"n"}' });
    expect(verifySignature('k', '{"id":"n"}', seen[0]!.headers['X-Edge-Signature']!, 1700000000)).toBe(true);
    const failed = await postWebhook(
      { url: 'https://hooks.example.com/x', secret: 'k' },
      '{"id":"n"}',
      options,
    );
    expect(failed).toEqual({ ok: false, detail: 'HTTP 503', retry: true });
  });
});
