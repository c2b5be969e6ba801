/**
 * The request's raw input, read strictly for route(): the body (JSON, CSV or raw, within the
 * route's size limit, UTF-8 only, never with replacement characters or lone surrogates) and the
 * path parameters (well-formed, or a 400). What is read here is then validated by the route's
 * schemas in ./http.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { MAX_BODY_BYTES, type RouteDefinition } from '@shared/routes';
import {
  InvalidEncodingError,
  InvalidJsonError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';

type RequestEvent = Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded' | 'headers' | 'pathParameters'>;

const REPLACEMENT_CHARACTER = '\uFFFD';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body's text, strictly UTF-8: bytes that are not (a base64 body), or text already decoded
 * with replacement characters (a gateway that decoded bad bytes leniently), are refused rather
 * than stored with U+FFFD in place of what was sent.
 */
function bodyText(event: RequestEvent, maxBytes: number): string {
  const bytes = event.isBase64Encoded ? Buffer.from(event.body!, 'base64') : undefined;
  if ((bytes?.length ?? Buffer.byteLength(event.body!, 'utf8')) > maxBytes)
    throw new PayloadTooLargeError(maxBytes);
  let text: string;
  try {
    text = bytes ? strictUtf8.decode(bytes) : event.body!;
  } catch {
    throw new InvalidEncodingError();
  }
  if (text.includes(REPLACEMENT_CHARACTER) || !isWellFormed(text)) throw new InvalidEncodingError();
  return text;
}

/** Whether a string has no lone UTF-16 surrogate (which no UTF-8 byte sequence can carry). */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** Whether any string in parsed JSON holds a lone surrogate (JSON's `\\udc00` escape makes one). */
function hasMalformedString(value: unknown): boolean {
  if (typeof value === 'string') return !isWellFormed(value);
  if (Array.isArray(value)) return value.some(hasMalformedString);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => !isWellFormed(key) || hasMalformedString(item));
  return false;
}

/** A `charset` parameter of the content type, when one is given, must name UTF-8. */
function assertUtf8Charset(contentType: string): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset))
    throw new UnsupportedMediaTypeError(
      `The body must be UTF-8, not ${charset.slice(0, 40) || 'an empty charset'}`,
    );
}

/**
 * The body: parsed JSON, or for a route whose table row says `csv`, the text as sent, or for
 * `raw`, the text exactly as sent whatever its type (a signature covers those very bytes).
 */
export function readBody(event: RequestEvent, definition: RouteDefinition): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const maxBytes = definition.body?.maxBytes ?? MAX_BODY_BYTES;
  if (definition.body?.format === 'raw') {
    const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    if (Buffer.byteLength(raw, 'utf8') > maxBytes) throw new PayloadTooLargeError(maxBytes);
    return raw;
  }
  const contentType = event.headers['content-type'] ?? '';
  if (definition.body?.format === 'csv') {
    if (!/^(text\/csv|text\/plain|application\/vnd\.ms-excel)\b/i.test(contentType))
      throw new UnsupportedMediaTypeError('Send the file as text/csv');
    assertUtf8Charset(contentType);
    return bodyText(event, maxBytes);
  }
  if (!/^application\/json\b/i.test(contentType)) throw new UnsupportedMediaTypeError();
  assertUtf8Charset(contentType);
  const text = bodyText(event, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new InvalidJsonError();
  }
  if (hasMalformedString(parsed)) throw new InvalidEncodingError();
  return parsed;
}

/**
 * The path parameters, each a well-formed string: a malformed percent-encoding (`%E0%A4%A`) that
 * reached the handler undecoded, or a decoding that left replacement characters or lone
 * surrogates, is refused with a 400 (never passed to the database as a key).
 */
export function pathParameters(event: RequestEvent): Record<string, string | undefined> {
  const params = event.pathParameters ?? {};
  const malformed = Object.entries(params).filter(([, value]) => {
    if (value === undefined) return false;
    if (value.includes(REPLACEMENT_CHARACTER) || !isWellFormed(value)) return true;
    try {
      decodeURIComponent(value);
      return false;
    } catch {
      return true;
    }
  });
  if (malformed.length > 0)
    throw new ValidationError(
      `Invalid request path: ${malformed.map(([name]) => name).join(', ')}`,
      malformed.map(([name]) => ({
        path: name,
        message: 'Not a valid path segment (malformed percent-encoding)',
      })),
    );
  return params;
}
