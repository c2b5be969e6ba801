/**
 * The API as jsdom tests meet it: Mock Service Worker handlers built from the route table and the
 * API contract (shared/src/api/contract.ts). `serve(routeId, resolve)` answers a route at its
 * method and path with what `resolve` returns, after checking it with the route's response
 * schema, and checks each request with the route's request schemas: a fixture or a request that
 * breaks the contract fails the test (see `useApiServer`), so the frontend is tested against the
 * answers the server can give. Every request that reached a route is in `apiRequests`.
 */
import './msw-node20';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type * as z from 'zod';
import { apiContract, type AnySchema, type PerParam, type RouteContract } from '@shared/api/contract';
import { errorEnvelopeSchema } from '@shared/api/errors';
import { routes, type RouteId } from '@shared/routes';

type Contract<Id extends RouteId> = (typeof apiContract)[Id];
type BodyOf<R> = R extends { body: infer S }
  ? S extends z.core.$ZodType
    ? z.input<S>
    : unknown
  : R extends { download: string }
    ? string
    : undefined;
/** What a route answers on success, as the server sends it (before any default is applied). */
export type ResponseBody<Id extends RouteId> = BodyOf<Contract<Id>['response']>;

export interface ApiRequest {
  id: RouteId;
  method: string;
  url: URL;
  /** The JSON body parsed, the text of a CSV upload, or undefined. */
  body: unknown;
  query: Record<string, string>;
  params: Record<string, string>;
  headers: Headers;
}

/** Every request that reached a route, in order (cleared after each test). */
export const apiRequests: ApiRequest[] = [];
/** What broke the contract during the current test: a fixture or a request. */
const violations: string[] = [];

/** The requests made to one route. */
export const requestsTo = (id: RouteId) => apiRequests.filter((request) => request.id === id);

const isPerParam = (schema: unknown): schema is PerParam =>
  typeof schema === 'object' && schema !== null && 'param' in schema && 'schemas' in schema;

function schemaFor(
  schema: AnySchema | PerParam | undefined,
  params: Record<string, string>,
): AnySchema | undefined {
  return isPerParam(schema) ? schema.schemas[params[schema.param] ?? ''] : schema;
}

function check(what: string, schema: AnySchema | undefined, value: unknown): void {
  if (!schema) return;
  const parsed = (
    schema as unknown as { safeParse(v: unknown): { success: boolean; error?: unknown } }
  ).safeParse(value);
  if (!parsed.success) violations.push(`${what}: ${JSON.stringify(parsed.error)}`);
}

/** An error answer in the contract's envelope. */
export function apiError(status: number, code: string, message: string, details?: unknown): Response {
  const body = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  check(`error ${code}`, errorEnvelopeSchema, body);
  return HttpResponse.json(body, { status });
}

type Resolve<Id extends RouteId> = (
  request: ApiRequest,
) => ResponseBody<Id> | Response | Promise<ResponseBody<Id> | Response>;

/** The handler of one route: its method and path from the route table, its schemas from the contract. */
export function serve<Id extends RouteId>(id: Id, resolve: Resolve<Id>): HttpHandler {
  const definition = routes.find((route) => route.id === id)!;
  const contract = apiContract[id] as RouteContract;
  const method = definition.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  const path = definition.path.replace(/\{(\w+)\}/g, ':$1');
  return http[method](path, async ({ request, params }) => {
    const url = new URL(request.url);
    const text = await request.text();
    const isJson = (request.headers.get('content-type') ?? '').startsWith('application/json');
    const body: unknown = text === '' ? undefined : isJson ? JSON.parse(text) : text;
    const recorded: ApiRequest = {
      id,
      method: request.method,
      url,
      body,
      query: Object.fromEntries(url.searchParams),
      params: params as Record<string, string>,
      headers: request.headers,
    };
    apiRequests.push(recorded);
    check(`${id} request body`, contract.request.body, body === undefined ? {} : body);
    check(`${id} request query`, schemaFor(contract.request.query, recorded.params), recorded.query);
    check(`${id} path`, contract.request.params, recorded.params);

    const answer = await resolve(recorded);
    if (answer instanceof Response) return answer;
    const { response } = contract;
    if (response.status === 204) return new HttpResponse(null, { status: 204 });
    if ('download' in response)
      return HttpResponse.text(String(answer), { headers: { 'content-type': response.download } });
    const wire: unknown = JSON.parse(JSON.stringify(answer ?? null));
    const before = violations.length;
    check(`${id} response`, schemaFor(response.body, recorded.params), wire);
    if (violations.length > before)
      return apiError(500, 'internal_error', `The test's ${id} answer breaks the contract`);
    return HttpResponse.json(wire as never, { status: response.status });
  });
}

/** Any other API path answers 404, as the old hand-written fakes did; other URLs are errors. */
const notFound = http.all('/api/*', () => apiError(404, 'not_found', 'Not found'));

export const apiServer = setupServer();

/**
 * Starts the server for this test file with `handlers` as its defaults (a test adds its own with
 * `apiServer.use`), and after each test resets them and fails the test on any contract violation.
 */
export function useApiServer(...handlers: HttpHandler[]): void {
  beforeAll(() => {
    apiServer.resetHandlers(...handlers, notFound);
    apiServer.listen({ onUnhandledFrame: 'error' });
  });
  afterEach(() => {
    apiServer.resetHandlers(...handlers, notFound);
    apiRequests.length = 0;
    const found = violations.splice(0);
    expect(found.join('\n'), 'requests and fixtures follow the API contract').toBe('');
  });
  afterAll(() => apiServer.close());
}
