// zod/mini: the browser's API client parses this on every failed call, from the entry bundle.
import { array, object, optional, string, unknown, type infer as Infer } from 'zod/mini';

/** Error codes of the API contract, with the HTTP status each one carries. */
export const errorStatus = {
  validation_failed: 400,
  invalid_json: 400,
  /** A body that is not valid UTF-8 (bytes, or text a gateway decoded with replacement characters). */
  invalid_encoding: 400,
  /** A webhook whose signature is missing, wrong or too old (a forged or replayed delivery). */
  invalid_signature: 400,
  unauthorized: 401,
  invalid_password: 401,
  forbidden: 403,
  site_locked: 403,
  plan_limit: 403,
  /** Deleting the account or turning MFA off: the caller's sign-in is older than RECENT_SIGN_IN_MINUTES. */
  reauthentication_required: 403,
  not_found: 404,
  conflict: 409,
  /** An `Idempotency-Key` used before with a different request body. */
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  internal_error: 500,
  /** A provider the API depends on (e.g. real market data) failed or answered nonsense. */
  upstream_unavailable: 502,
  /** Our own backing services are busy or failing (DynamoDB throttling): retry after `Retry-After`. */
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** `{"error": {"code", "message", "details?"}}` — every error response of the API. */
export const errorEnvelopeSchema = object({
  error: object({
    code: string(),
    message: string(),
    details: optional(unknown()),
  }),
});

export type ErrorEnvelope = Infer<typeof errorEnvelopeSchema>;

/** The `details` of a 400 `validation_failed`: each field at fault (a dotted path) and why. */
export const validationDetailsSchema = array(object({ path: string(), message: string() }));
