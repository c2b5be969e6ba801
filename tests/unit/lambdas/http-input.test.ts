/**
 * What route() accepts as a body and a path (issue 19): strict UTF-8, a charset other than UTF-8
 * refused, and path parameters whose percent-encoding is broken refused with a 400, in the handler
 * itself (the local server's own checks are tested in tests/integration/input-limits.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ok, route } from '../../../lambdas/common/http';
import { apiEvent, parseBody, type EventOptions } from '../../helpers/api-events';

// The session check asks Cognito; these tests are about what comes after it.
vi.mock('../../../lambdas/common/session', () => ({ assertSessionAlive: vi.fn(async () => {}) }));

const message = z.object({ text: z.string() }).strict();
const serve = vi.fn();
beforeEach(() => {
  serve.mockReset();
  serve.mockImplementation(async ({ body, params }: { body: unknown; params: unknown }) =>
    ok({ body, params }),
  );
});

/** An event whose body is these bytes, base64-encoded as API Gateway sends a non-text body. */
function bytesEvent(bytes: Uint8Array, options: EventOptions = {}) {
  return {
    ...apiEvent({ method: 'POST', path: '/api/contact', ...options }),
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}

const contact = () => route('sendContactMessage', { body: message }, serve);
const importCsv = () => route('importTrades', { body: z.string() }, serve);
const json = { 'content-type': 'application/json' };

describe('route(): the body is UTF-8, strictly', () => {
  it.each([
    [
      'bytes that are not UTF-8 (a lone continuation byte)',
      bytesEvent(Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]), {
        headers: json,
      }),
    ],
    [
      'a truncated sequence (the first two bytes of a three-byte character)',
      bytesEvent(Buffer.from([0x22, 0xe0, 0xa4, 0x22]), { headers: json }),
    ],
    [
      'text a gateway decoded leniently (U+FFFD in place of the bad bytes)',
      apiEvent({ method: 'POST', rawBody: '{"text":"a\uFFFDb"}' }),
    ],
    ['a lone surrogate, escaped in JSON', apiEvent({ method: 'POST', rawBody: '{"text":"\\udc00"}' })],
    ['a lone surrogate in a key', apiEvent({ method: 'POST', rawBody: '{"\\ud800":"x"}' })],
  ])('%s: 400 invalid_encoding, nothing served', async (_name, event) => {
    const result = await contact()(event);
    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({ error: { code: 'invalid_encoding' } });
    expect(serve).not.toHaveBeenCalled();
  });

  it('takes UTF-8 as text or as base64 bytes, surrogate pairs included', async () => {
    const text = 'Zoë 日本 😀';
    const asText = await contact()(apiEvent({ method: 'POST', body: { text } }));
    const asBytes = await contact()(bytesEvent(Buffer.from(JSON.stringify({ text })), { headers: json }));
    const escaped = await contact()(apiEvent({ method: 'POST', rawBody: '{"text":"\\ud83d\\ude00"}' }));
    expect([asText.statusCode, asBytes.statusCode, escaped.statusCode]).toEqual([200, 200, 200]);
    expect(parseBody(asBytes)).toMatchObject({ body: { text } });
    expect(parseBody(escaped)).toMatchObject({ body: { text: '😀' } });
  });

  it('refuses invalid UTF-8 in a CSV upload too', async () => {
    const result = await importCsv()(
      bytesEvent(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xff, 0x2c, 0x31]), {
        sub: 'u',
        path: '/api/trades/import',
        headers: { 'content-type': 'text/csv' },
      }),
    );
    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({ error: { code: 'invalid_encoding' } });
  });
});

describe('route(): the charset must be UTF-8', () => {
  it.each([
    'application/json; charset=utf-16',
    'application/json;charset="UTF-16LE"',
    'application/json; charset=iso-8859-1',
    'application/json; charset=',
  ])('%s: 415', async (contentType) => {
    const result = await contact()(
      apiEvent({ method: 'POST', body: { text: 'hi' }, headers: { 'content-type': contentType } }),
    );
    expect(result.statusCode).toBe(415);
    expect(parseBody(result)).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(serve).not.toHaveBeenCalled();
  });

  it('a CSV in utf-16: 415', async () => {
    const result = await importCsv()(
      apiEvent({
        method: 'POST',
        sub: 'u',
        rawBody: 'a,b',
        headers: { 'content-type': 'text/csv; charset=utf-16' },
      }),
    );
    expect(result.statusCode).toBe(415);
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset="UTF-8"',
    'application/json;charset=utf8',
  ])('%s: served', async (contentType) => {
    const result = await contact()(
      apiEvent({ method: 'POST', body: { text: 'hi' }, headers: { 'content-type': contentType } }),
    );
    expect(result.statusCode).toBe(200);
  });
});

describe('route(): path parameters are well-formed', () => {
  const update = () => route('updateTrade', { params: z.object({ id: z.string() }), body: message }, serve);
  const at = (id: string) =>
    apiEvent({ method: 'PATCH', sub: 'u', token: 't', body: { text: 'x' }, pathParameters: { id } });

  it.each([
    ['a percent-encoding cut short, as API Gateway may pass it on undecoded', '%E0%A4%A'],
    ['a lone percent sign', 'abc%'],
    ['bytes that are not UTF-8', '%FF'],
    ['a replacement character left by a lenient decoding', 'a\uFFFD'],
    ['a lone surrogate', '\ud800'],
  ])('%s: 400 validation_failed naming the parameter', async (_name, id) => {
    const result = await update()(at(id));
    expect(result.statusCode).toBe(400);
    expect(parseBody(result)).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'id', message: expect.any(String) }] },
    });
    expect(serve).not.toHaveBeenCalled();
  });

  it('serves a well-formed id', async () => {
    const result = await update()(at('0mhx2k3l4abc123def456'));
    expect(result.statusCode).toBe(200);
    expect(parseBody(result)).toMatchObject({ params: { id: '0mhx2k3l4abc123def456' } });
  });
});
