/**
 * Bad input for every route, generated from the request schemas each handler declares (read from
 * `routeSchemas` after importing every handler module named by the route table): each field of a
 * body or query replaced by a wrong type, null, a huge or negative number, deep nesting; unknown
 * fields; random JSON (fast-check, fixed seed); an oversized body; odd content types; and (issue
 * 19) every number and date inside a valid body replaced by the extremes DynamoDB or the product
 * refuses, path parameters that do not decode, bodies that are not UTF-8 or declare another
 * charset. Of the
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
import { isStorableNumber } from '@shared/constants/ranges';
import { validValues } from '../helpers/valid-input';
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

/** Numbers at and past the edges: DynamoDB's (1e-130 to 9.99e125, the SDK's safe integers) and a price's decimals. */
const NUMBER_EXTREMES = [5e-324, -5e-324, 1e-131, 1e-9, 1e126, 1e200, -1e200, 2 ** 53 + 2, -0.001];
/** Days and instants outside 1900-2200. */
const DAY_EXTREMES = ['0000-01-01', '1899-12-31', '2201-01-01'];
const INSTANT_EXTREMES = ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2201-01-01T00:00:00Z'];
/** Path parameters whose percent-encoding is not UTF-8. */
const BAD_PATH_SEGMENTS = ['%E0%A4%A', '%FF', '%', '%C0%AF'];

const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  -1e308,
  ...NUMBER_EXTREMES,
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

type Leaf = { path: (string | number)[]; value: unknown };

function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(item, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  return [{ path, value }];
}

function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaced(copy[head!], rest, replacement);
  return copy;
}

/** The fullest valid body the route's schema accepts (the one with the most fields filled). */
function fullestBody(route: RouteDefinition): unknown {
  const found = validValues(routeSchemas.get(route.id as never)?.body);
  return found.sort((a, b) => leavesOf(b).length - leavesOf(a).length)[0];
}

/** A valid body with one number or date inside it (however deep) replaced by an extreme. */
function extremeBodies(route: RouteDefinition): { label: string; body: unknown }[] {
  const body = fullestBody(route);
  if (body === undefined) return [];
  return leavesOf(body).flatMap(({ path, value }) => {
    const extremes =
      typeof value === 'number'
        ? NUMBER_EXTREMES
        : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
          ? DAY_EXTREMES
          : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
            ? INSTANT_EXTREMES
            : [];
    return extremes.map((extreme) => ({
      label: `${path.join('.')}=${String(extreme)}`,
      body: replaced(body, path, extreme),
    }));
  });
}

/** Routes that write what a caller sends to a table of users' data. */
const storesInput = (route: RouteDefinition) =>
  hasJsonBody(route) &&
  Object.entries(route.tables).some(
    ([key, access]) => access !== 'read' && tables[key as keyof typeof tables].userData,
  );

function queriesFor(route: RouteDefinition): Record<string, string>[] {
  const schema = routeSchemas.get(route.id as never)?.query;
  const fields = fieldsOf(schema);
  const values = [
    '',
    '-1',
    '1e308',
    '5e-324',
    '1e200',
    'NaN',
    'null',
    '[object Object]',
    '%00',
    'x'.repeat(3000),
    '2025-13-45',
    ...DAY_EXTREMES,
    ...INSTANT_EXTREMES,
  ];
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

    const counts = { extremes: 0, paths: 0, encodings: 0 };
    for (const route of allRoutes) {
      const schema = routeSchemas.get(route.id as never)?.body;
      if (hasJsonBody(route)) {
        for (const body of bodiesFor(route))
          await check(route, `body ${JSON.stringify(body).slice(0, 60)}`, { rawBody: JSON.stringify(body) });
        for (const { label, body } of extremeBodies(route).filter(({ body }) => refuses(schema, body))) {
          await check(route, `extreme ${label}`, { rawBody: JSON.stringify(body) });
          counts.extremes += 1;
        }
        const valid = JSON.stringify(fullestBody(route) ?? {});
        await check(route, 'not UTF-8', {
          rawBody: new Uint8Array(
            Buffer.concat([Buffer.from(valid.slice(0, -1)), Buffer.from([0xff]), Buffer.from('}')]),
          ),
        });
        await check(route, 'charset=utf-16', {
          rawBody: valid,
          headers: { 'content-type': 'application/json; charset=utf-16' },
        });
        counts.encodings += 2;
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
      for (const segment of route.path.includes('{') ? BAD_PATH_SEGMENTS : []) {
        const url = route.path.replace(/\{\w+\}/g, segment);
        await check(route, `path ${url}`, hasJsonBody(route) ? { body: {} } : {}, url);
        counts.paths += 1;
      }
    }
    console.info(
      `route fuzz: ${sent} refused requests over ${allRoutes.length} routes, of which ` +
        `${counts.extremes} number and date extremes, ${counts.paths} undecodable paths, ${counts.encodings} bad encodings`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(counts.extremes).toBeGreaterThan(50);
    expect(await userData(userId)).toEqual(before);
  }, 300_000);
});

describe('the write schemas, generated from the route table', () => {
  it('refuse, at every number and date of a valid body, what DynamoDB cannot store or the product does not take', () => {
    const writing = allRoutes.filter(storesInput);
    expect(writing.map((route) => route.id)).toContain('createTrade');
    const accepted: string[] = [];
    let checked = 0;
    for (const route of writing) {
      const schema = routeSchemas.get(route.id as never)?.body;
      for (const { label, body } of extremeBodies(route)) {
        const extreme = label.slice(label.indexOf('=') + 1);
        // A number DynamoDB can store may be fine for some field (-0.001 as a P&L would be); the rest never is.
        const mustRefuse = Number.isNaN(Number(extreme)) || !isStorableNumber(Number(extreme));
        checked += 1;
        if (mustRefuse && !refuses(schema, body)) accepted.push(`${route.id} ${label}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});
