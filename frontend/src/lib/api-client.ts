import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { type z } from 'zod';
import { errorEnvelopeSchema } from '@shared/api/errors';

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
  body?: unknown;
  signal?: AbortSignal;
};

async function accessToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
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
 * The one way the app calls its API: same-origin relative URL, JSON in and out, the Cognito
 * access token as a bearer token, error envelopes as `ApiError`, and the response validated by
 * `schema`. A 401 means the session is no longer valid, so it signs the user out.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.');
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // `invalid_password` is the site gate's answer to a wrong password, not a dead session.
    if (response.status === 401 && error.code !== 'invalid_password') await signOut().catch(() => undefined);
    throw error;
  }

  const data: unknown = response.status === 204 ? undefined : await response.json();
  const parsed = schema.safeParse(data);
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
