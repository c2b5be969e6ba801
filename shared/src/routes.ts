/**
 * The route table: the one place an API route is written. The CDK API stack and the local API
 * server are both generated from it. Each route is served by the export `id` of
 * `lambdas/<area>/handler.ts`, and is granted exactly the tables listed in `tables`.
 */
import type { SecretKey } from './secrets';
import type { TableKey } from './tables';

export type { SecretKey };

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type RouteAuth = 'user' | 'public';
export type TableAccess = 'read' | 'write' | 'readWrite';

export interface RouteDefinition {
  /** Name of the handler export in lambdas/<area>/handler.ts; unique across the table. */
  id: string;
  method: HttpMethod;
  /** Path as API Gateway writes it, with `{param}` placeholders. */
  path: string;
  auth: RouteAuth;
  area: string;
  tables: Partial<Record<TableKey, TableAccess>>;
  /** Secrets the handler reads at run time (by name, from Secrets Manager / local env). */
  secrets?: readonly SecretKey[];
  /** Cognito admin calls the handler makes (e.g. deleting the user). */
  cognitoActions?: readonly string[];
}

export const routes = [
  { id: 'health', method: 'GET', path: '/api/health', auth: 'public', area: 'health', tables: {} },
  {
    id: 'getProfile',
    method: 'GET',
    path: '/api/profile',
    auth: 'user',
    area: 'profile',
    tables: { profiles: 'readWrite' },
  },
  {
    id: 'updateProfile',
    method: 'PATCH',
    path: '/api/profile',
    auth: 'user',
    area: 'profile',
    tables: { profiles: 'readWrite' },
  },
  {
    id: 'getSiteGate',
    method: 'GET',
    path: '/api/site-gate',
    auth: 'public',
    area: 'site-gate',
    tables: {},
    secrets: ['siteGate'],
  },
  {
    id: 'unlockSiteGate',
    method: 'POST',
    path: '/api/site-gate',
    auth: 'public',
    area: 'site-gate',
    tables: { rateLimits: 'readWrite' },
    secrets: ['siteGate'],
  },
  {
    id: 'lockSiteGate',
    method: 'DELETE',
    path: '/api/site-gate',
    auth: 'public',
    area: 'site-gate',
    tables: {},
  },
  {
    id: 'getMarketData',
    method: 'POST',
    path: '/api/market-data',
    auth: 'user',
    area: 'market',
    tables: {},
    secrets: ['marketDataApiKey'],
  },
  {
    id: 'getOptionsChain',
    method: 'GET',
    path: '/api/options-chain',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
  },
  {
    id: 'scanOptions',
    method: 'POST',
    path: '/api/options-scanner',
    auth: 'user',
    area: 'market',
    tables: { profiles: 'read' },
  },
  {
    id: 'sendContactMessage',
    method: 'POST',
    path: '/api/contact',
    auth: 'public',
    area: 'contact',
    tables: { contactMessages: 'write', rateLimits: 'readWrite' },
  },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof routes)[number];
export type RouteId = Route['id'];

/** Largest request body any route accepts (bytes); larger bodies get 413 `payload_too_large`. */
export const MAX_BODY_BYTES = 64 * 1024;

/** `GET /api/trades/{id}` → the API Gateway v2 route key `GET /api/trades/{id}`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Compiles a route path into a matcher that returns the path parameters, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{(\w+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    params[name] = decodeURIComponent(match[i + 1] ?? '');
  });
  return params;
}
