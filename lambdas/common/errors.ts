/**
 * Domain errors. Services throw these; `route()` maps each to its status and the error envelope
 * of the contract in one place. Anything else becomes a 500 with no internals.
 */
import { errorStatus, type ErrorCode } from '@shared/api/errors';

export class AppError extends Error {
  /** Sent as `Retry-After` (seconds) when set. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown) {
    super('validation_failed', message, details);
  }
}

export class InvalidJsonError extends AppError {
  constructor() {
    super('invalid_json', 'The request body is not valid JSON');
  }
}

export class InvalidEncodingError extends AppError {
  constructor() {
    super('invalid_encoding', 'The request body is not valid UTF-8');
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(
    message = 'You are not allowed to do this',
    code: 'forbidden' | 'site_locked' | 'plan_limit' = 'forbidden',
  ) {
    super(code, message);
  }
}

/** 403 `reauthentication_required`: the action needs a sign-in made within RECENT_SIGN_IN_MINUTES. */
export class ReauthenticationRequiredError extends AppError {
  constructor(minutes: number) {
    super(
      'reauthentication_required',
      `For your security, sign in again to do this: it needs a sign-in from the last ${minutes} minutes.`,
      { withinMinutes: minutes },
    );
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor(message: string) {
    super('idempotency_key_reused', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super('payload_too_large', `The request body is larger than ${limitBytes} bytes`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Send the body as application/json') {
    super('unsupported_media_type', message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message = 'Too many requests; try again shortly',
    code: 'rate_limited' | 'quota_exceeded' = 'rate_limited',
    retryAfterSeconds = 60,
    details?: unknown,
  ) {
    super(code, message, details);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'We are busy right now; try again in a moment', retryAfterSeconds = 1) {
    super('service_unavailable', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * AWS errors that mean our backing service is busy or briefly failing, not that the request is
 * wrong. Each service names its own: DynamoDB `InternalServerError`, Secrets Manager
 * `InternalServiceError`, Cognito `InternalErrorException`; any other error the SDK marks as the
 * service's fault (`$fault: 'server'`) counts too.
 */
const BUSY_AWS_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'LimitExceededException',
  'TooManyRequestsException',
  'InternalServerError',
  'InternalServerErrorException',
  'InternalServiceError',
  'InternalErrorException',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
]);
/** Cognito's answers for a token whose user signed out everywhere, or no longer exists. */
const ENDED_SESSION_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/** The domain error an AWS SDK error stands for, if any. */
export function fromAwsError(error: unknown): AppError | undefined {
  const { name, $fault, $metadata } = (error ?? {}) as {
    name?: unknown;
    $fault?: unknown;
    $metadata?: unknown;
  };
  if (typeof name !== 'string') return undefined;
  if (BUSY_AWS_ERRORS.has(name) || ($fault === 'server' && $metadata !== undefined))
    return new ServiceUnavailableError();
  if (ENDED_SESSION_ERRORS.has(name)) return new UnauthorizedError('Your session has ended; sign in again');
  return undefined;
}

export class UpstreamError extends AppError {
  constructor(message: string) {
    super('upstream_unavailable', message);
  }
}
