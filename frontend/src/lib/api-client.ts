import { safeParse, type core } from 'zod/mini';
import { errorEnvelopeSchema } from '@shared/api/errors';
import { amplifyLoading, hasStoredSession, loadedAmplify, type AmplifyAuth } from './amplify';

/** A failed API call: the HTTP status and the error envelope's code, message and details. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as is when `contentType` names a text type (a string, e.g. a CSV file). */
  body?: unknown;
  /** A text body's media type (e.g. 'text/csv' for an upload); JSON when absent. */
  contentType?: 'text/csv' | 'text/plain';
  /** Request headers of the call's own (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Amplify Auth for this request: at once when loaded; awaited while it loads only if this
 * browser holds a session (a public call from a signed-out visitor never waits for it).
 */
async function amplifyAuth(): Promise<AmplifyAuth | undefined> {
  const ready = loadedAmplify();
  if (ready) return ready.auth;
  const loading = amplifyLoading();
  if (!loading || !hasStoredSession()) return undefined;
  return (await loading).auth;
}

async function accessToken(auth: AmplifyAuth | undefined): Promise<string | undefined> {
  if (!auth) return undefined;
  try {
    const { tokens } = await auth.fetchAuthSession();
    return tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const envelope = errorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, details } = envelope.data.error;
    return new ApiError(response.status, code, message, details);
  }
  return new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
}

/**
 * Sends one request the way every API call goes: same-origin relative URL, the Cognito access
 * token as a bearer token, error envelopes as `ApiError`. A 401 means the session is no longer
 * valid, so it signs the user out. Resolves with the successful response, body unread.
 */
async function send(
  path: string,
  accept: string,
  { method = 'GET', body, contentType, headers: own, signal }: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { ...own, Accept: accept };
  const auth = await amplifyAuth();
  const token = await accessToken(auth);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = contentType ?? 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : contentType ? String(body) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.');
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // `invalid_password` is the site gate's answer to a wrong password, not a dead session.
    if (response.status === 401 && error.code !== 'invalid_password' && auth) {
      await auth.signOut().catch(() => undefined);
    }
    throw error;
  }
  return response;
}

/**
 * The one way the app calls its JSON API (see `send`), the response validated by `schema`. A
 * text body (a CSV upload) goes with `contentType`; the answer is still JSON.
 */
export async function apiRequest<S extends core.$ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<core.output<S>> {
  const response = await send(path, 'application/json', options);
  const data: unknown = response.status === 204 ? undefined : await response.json();
  const parsed = safeParse(schema, data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'invalid_response',
      `Unexpected response from ${path}`,
      parsed.error.issues,
    );
  }
  return parsed.data;
}

/** A text response (e.g. a CSV download), through the same token and error handling as `apiRequest`. */
export async function apiText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(path, 'text/csv, text/plain;q=0.9, application/json;q=0.5', options);
  return response.text();
}
