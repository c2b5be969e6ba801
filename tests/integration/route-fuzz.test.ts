/**
 * Bad input for every route, generated from the request schemas each handler declares (read from
 * `routeSchemas` after importing every handler module named by the route table): each field of a
 * body or query replaced by a wrong type, null, a huge or negative number, deep nesting; unknown
 * fields; random JSON (fast-check, fixed seed); an oversized body; odd content types. Of the
 * generated values, those the route's own schema refuses are sent (a value that happens to be
 * valid is not bad input). Every answer is a 4xx with the contract's envelope (or API Gateway's
 * own `{message}`), never a 5xx, and the caller's data is the same afterwards.
 */
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPath, MAX_BODY_BYTES, routes, type RouteDefinition } from '@shared/routes';
import { tables, type TableDefinition } from '@shared/tables';
import {
  api,
  createUser,
  documentClient,
  type TestUser,
  useLocalStackEnvironment,
} from '../helpers/local-stack';

useLocalStackEnvironment();
const { routeSchemas } = await import('../../lambdas/common/http');
for (const area of new Set(routes.map((route) => route.area)))
  await import(/* @vite-ignore */ new URL(`../../lambdas/${area}/handler.ts`, import.meta.url).href);

const allRoutes = routes as readonly RouteDefinition[];
/** Routes whose body is JSON (the CSV upload has its own content-type checks below). */
const hasJsonBody = (route: RouteDefinition) =>
  route.method !== 'GET' && route.method !== 'DELETE' && !route.body;

/** The route's URL with its path parameters filled and the query sent exactly (empty values too). */
function urlOf(route: RouteDefinition, query: Record<string, string> = {}): string {
  const path = apiPath(
    route.id as Parameters<typeof apiPath>[0],
    Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, 'fuzz-id'])),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  -1e308,
  0.1 + 0.2,
  '',
  'x'.repeat(5000),
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: { deepest: [1, 2, 3] } } },
];

/** The field names of an object schema (zod classic or mini), if it is one. */
function fieldsOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: { shape?: object; in?: unknown; schema?: unknown } } })?._zod?.def;
  if (!def) return [];
  if (def.shape) return Object.keys(def.shape);
  // Pipes, refinements and transforms wrap the object schema.
  return fieldsOf(def.in ?? def.schema);
}

/** Whether the route's own schema refuses a value: only such input is sent, so any write would be a bug. */
const refuses = (schema: { safeParse(value: unknown): { success: boolean } } | undefined, value: unknown) =>
  schema !== undefined && !schema.safeParse(value).success;

function bodiesFor(route: RouteDefinition): unknown[] {
  const schema = routeSchemas.get(route.id as never)?.body;
  const fields = fieldsOf(schema);
  const perField = fields.flatMap((field) => WRONG_VALUES.map((value) => ({ [field]: value })));
  const deep = JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown;
  const random = fc.sample(fc.jsonValue(), { numRuns: 40, seed: 20261123 });
  return [
    ...perField,
    { unknown_field: 1, [fields[0] ?? 'x']: 'y' },
    { user_id: 'someone-else', id: 'someone-else' },
    deep,
    ...WRONG_VALUES,
    ...random,
  ].filter((body) => refuses(schema, body));
}

function queriesFor(route: RouteDefinition): Record<string, string>[] {
  const schema = routeSchemas.get(route.id as never)?.query;
  const fields = fieldsOf(schema);
  const values = ['', '-1', '1e308', 'NaN', 'null', '[object Object]', '%00', 'x'.repeat(3000), '2025-13-45'];
  return [
    ...fields.flatMap((field) => values.map((value) => ({ [field]: value }))),
    { no_such_filter: '1' },
    ...fc.sample(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }), {
      numRuns: 15,
      seed: 20261123,
    }),
  ].filter((query) => refuses(schema, query));
}

/** Everything the user has in every user-data table keyed by user (profiles by id). */
async function userData(userId: string) {
  const snapshot: Record<string, unknown[]> = {};
  for (const definition of Object.values(tables) as TableDefinition[]) {
    if (!definition.userData) continue;
    const key = definition.partitionKey.name;
    const { Items = [] } = await documentClient().send(
      new QueryCommand({
        TableName: definition.id,
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': key },
        ExpressionAttributeValues: { ':v': userId },
      }),
    );
    snapshot[definition.id] = Items;
  }
  return snapshot;
}

const envelope = z.union([
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
  z.object({ message: z.string() }),
]);

describe('bad input on every route, generated from its schemas', () => {
  let user: TestUser;
  let userId: string;
  beforeAll(async () => {
    user = await createUser('fuzz');
    userId = String(decodeJwt(user.accessToken).sub);
    // The profile exists before the snapshot, so reading it later is not a change.
    await api('/api/profile', { token: user.accessToken });
  });

  it('is always refused with a 4xx and the envelope, never a 5xx, and changes nothing', async () => {
    const before = await userData(userId);
    const failures: string[] = [];
    let sent = 0;
    type Init = NonNullable<Parameters<typeof api>[1]>;
    const check = async (route: RouteDefinition, label: string, init: Init, url = urlOf(route)) => {
      const response = await api(url, {
        method: route.method,
        ...init,
        token: route.auth === 'user' ? user.accessToken : undefined,
      });
      sent += 1;
      const refused =
        response.status >= 400 && response.status < 500 && envelope.safeParse(response.json).success;
      if (!refused)
        failures.push(
          `${route.method} ${route.path} ${label}: ${response.status} ${response.text.slice(0, 200)}`,
        );
    };

    for (const route of allRoutes) {
      if (hasJsonBody(route)) {
        for (const body of bodiesFor(route))
          await check(route, `body ${JSON.stringify(body).slice(0, 60)}`, { rawBody: JSON.stringify(body) });
        await check(route, 'malformed JSON', { rawBody: '{"a":' });
        await check(route, 'text/plain', { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
        await check(route, 'oversized', { rawBody: JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES) }) });
      }
      if (route.body?.format === 'csv') {
        await check(route, 'JSON instead of CSV', { body: { a: 1 } });
        await check(route, 'empty CSV', { rawBody: '', headers: { 'content-type': 'text/csv' } });
        await check(route, 'binary', {
          rawBody: '\u0000\u0001\u0002,\uFFFF',
          headers: { 'content-type': 'text/csv' },
        });
      }
      if (route.method === 'GET') {
        for (const query of queriesFor(route))
          await check(route, `query ${JSON.stringify(query).slice(0, 60)}`, {}, urlOf(route, query));
      }
    }
    console.info(`route fuzz: ${sent} refused requests over ${allRoutes.length} routes`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(await userData(userId)).toEqual(before);
  }, 300_000);
});
