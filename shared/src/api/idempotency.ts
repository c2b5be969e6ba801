/**
 * The `Idempotency-Key` request header (IETF draft "The Idempotency-Key HTTP Header Field"): a
 * client's own name for one intended write. The same key with the same body within the retention
 * answers what the first request answered and writes nothing more; the same key with another body
 * is refused (422 `idempotency_key_reused`). Keys are kept per user.
 */
import * as z from 'zod';

/** As sent; API Gateway and the local server hand header names over in lower case. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key is honoured this long after its first use (then it may name a new request). */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

/** Set to `true` on an answer repeated for a key already used. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1–200 visible ASCII characters: a UUID, a ULID, or any opaque token the client chose. */
export const idempotencyKeySchema = z
  .string()
  .min(1, 'An Idempotency-Key cannot be empty')
  .max(200, 'An Idempotency-Key is at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key is visible ASCII characters only');
