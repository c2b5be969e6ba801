/**
 * Writes docs/api.md from the route table (shared/src/routes.ts) and the API contract
 * (shared/src/api/contract.ts): each route's method, path, auth, plan and limits, and the fields
 * of its request and response, read from the zod schemas through z.toJSONSchema.
 *
 *   tsx scripts/api-reference.ts           write docs/api.md
 *   tsx scripts/api-reference.ts --check   fail if docs/api.md differs (run by `npm run lint`)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import * as z from 'zod';
import { apiContract, type AnySchema, type PerParam, type RouteContract } from '@shared/api/contract';
import { errorStatus } from '@shared/api/errors';
import { effectivePlans, planLimits, type PlanFeature, type PlanQuota } from '@shared/constants/plans';
import { MAX_BODY_BYTES, routes, type RouteDefinition } from '@shared/routes';

const OUTPUT = fileURLToPath(new URL('../docs/api.md', import.meta.url));

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
}

function jsonSchema(schema: AnySchema, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

const literal = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** Enums longer than this are listed under their table, not in the type column. */
const INLINE_ENUM_MAX = 5;

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** A schema's type in a few words: `string (date)`, `"a" \| "b"`, `number \| null`, `array of object`. */
function typeOf(schema: JsonSchema): string {
  if (schema.$ref) return 'object (recursive)';
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum)
    return schema.enum.length > INLINE_ENUM_MAX
      ? `one of ${schema.enum.length} values (below)`
      : schema.enum.map(literal).join(' \\| ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeOf))].join(' \\| ');
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object')
    return `record of ${typeOf(schema.additionalProperties)}`;
  if (schema.type === 'string' && schema.format) return `string (${schema.format})`;
  return schema.type ?? 'any';
}

/** Bounds, lengths, a pattern (not for formats, whose patterns are long and say no more) and the default. */
function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER)
    rules.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) rules.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    rules.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) rules.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined) rules.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) rules.push(`length ≤ ${schema.maxLength}`);
  if (schema.minItems !== undefined) rules.push(`items ≥ ${schema.minItems}`);
  if (schema.maxItems !== undefined) rules.push(`items ≤ ${schema.maxItems}`);
  if (schema.pattern && !schema.format) rules.push(`matches \`${schema.pattern.replaceAll('|', '\\|')}\``);
  if (schema.default !== undefined) rules.push(`default ${literal(schema.default)}`);
  return rules.join(', ');
}

/** The object's own shape when the schema is an object, an array of objects, or either or null. */
function objectWithin(schema: JsonSchema): { shape: JsonSchema; suffix: string } | undefined {
  const variants = (schema.anyOf ?? schema.oneOf)?.filter((variant) => !isNull(variant));
  if (variants?.length === 1) return objectWithin(variants[0]!);
  if (schema.type === 'object' && schema.properties) return { shape: schema, suffix: '' };
  if (schema.type === 'array' && schema.items) {
    const inner = objectWithin(schema.items);
    return inner && { shape: inner.shape, suffix: `[]${inner.suffix}` };
  }
  return undefined;
}

interface Row {
  field: string;
  type: string;
  required: boolean;
  rules: string;
  /** The values of a long enum, listed under the table. */
  values?: unknown[];
}

/** A long enum's values, whether the field is the enum, an array of it, or it or null. */
function longEnum(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum && schema.enum.length > INLINE_ENUM_MAX) return schema.enum;
  if (schema.items) return longEnum(schema.items);
  for (const variant of schema.anyOf ?? schema.oneOf ?? []) {
    const values = longEnum(variant);
    if (values) return values;
  }
  return undefined;
}

function fieldRows(schema: JsonSchema, prefix = ''): Row[] {
  const rows: Row[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const field = `${prefix}${name}`;
    rows.push({
      field,
      type: typeOf(property),
      required: required.has(name),
      rules: rulesOf(property),
      values: longEnum(property),
    });
    const nested = objectWithin(property);
    if (nested) rows.push(...fieldRows(nested.shape, `${field}${nested.suffix}.`));
  }
  return rows;
}

function describeSchema(schema: AnySchema, io: 'input' | 'output'): string {
  const json = jsonSchema(schema, io);
  const shape = objectWithin(json);
  if (!shape) return `${typeOf(json)}${rulesOf(json) ? ` (${rulesOf(json)})` : ''}\n`;
  const head = shape.suffix ? `${typeOf(json)}:\n\n` : '';
  const rows = fieldRows(shape.shape);
  if (rows.length === 0) return `${head}an object with no fields\n`;
  const table = [
    io === 'input' ? '| Field | Type | Required | Rules |' : '| Field | Type | Always sent |',
    io === 'input' ? '| --- | --- | --- | --- |' : '| --- | --- | --- |',
    ...rows.map((row) =>
      io === 'input'
        ? `| \`${row.field}\` | ${row.type} | ${row.required ? 'yes' : 'no'} | ${row.rules} |`
        : `| \`${row.field}\` | ${row.type} | ${row.required ? 'yes' : 'no'} |`,
    ),
  ];
  const enums = rows
    .filter((row) => row.values)
    .map((row) => `- \`${row.field}\`: ${row.values!.map(literal).join(', ')}`);
  return `${head}${table.join('\n')}\n${enums.length ? `\n${enums.join('\n')}\n` : ''}`;
}

const isPerParam = (schema: AnySchema | PerParam): schema is PerParam =>
  'param' in schema && 'schemas' in schema;

function describeEach(title: string, schema: AnySchema | PerParam, io: 'input' | 'output'): string {
  if (!isPerParam(schema)) return `**${title}**\n\n${describeSchema(schema, io)}`;
  return Object.entries(schema.schemas)
    .map(
      ([value, each]) =>
        `**${title}** when \`${schema.param}\` is \`${value}\`\n\n${describeSchema(each, io)}`,
    )
    .join('\n');
}

const plansWith = (feature: PlanFeature) =>
  effectivePlans.filter((plan) => (planLimits[plan].features as readonly string[]).includes(feature));

function quotaText(quota: PlanQuota): string {
  const values = effectivePlans.map((plan) => `${plan} ${planLimits[plan][quota] ?? 'unlimited'}`);
  return `\`${quota}\`: ${values.join(', ')}`;
}

function planText(plan: NonNullable<RouteContract['plan']>): string {
  const { feature } = plan;
  const features =
    typeof feature === 'string'
      ? `\`${feature}\` (${plansWith(feature).join(', ')})`
      : Object.entries(feature.features)
          .map(
            ([value, each]) =>
              `\`${each}\` (${plansWith(each).join(', ')}) for \`${feature.param}\` \`${value}\``,
          )
          .join('; ');
  return `${features}${plan.quota ? `; counts against ${quotaText(plan.quota)}` : ''}`;
}

function successText(contract: RouteContract): string {
  const { response } = contract;
  if (response.status === 204) return '204, no body';
  if ('download' in response) return `200, a \`${response.download}\` download`;
  return `${response.status}, JSON`;
}

function bodyLimit(route: RouteDefinition): string {
  const bytes = route.body?.maxBytes ?? MAX_BODY_BYTES;
  const kind = route.body ? `a ${route.body.format} body` : 'a JSON body';
  return `${kind} of at most ${bytes / 1024} KiB`;
}

function routeSection(route: RouteDefinition): string {
  const contract = apiContract[route.id as keyof typeof apiContract] as RouteContract;
  const { request, response } = contract;
  const lines = [
    `### \`${route.method} ${route.path}\``,
    '',
    `Handler \`${route.id}\` in \`lambdas/${route.area}/handler.ts\`.`,
    '',
    `- Auth: ${route.auth === 'user' ? 'a Cognito access token (`Authorization: Bearer …`)' : 'public'}`,
    `- Plan: ${contract.plan ? planText(contract.plan) : 'any, expired included'}`,
    ...(contract.limits ? [`- Limits: ${contract.limits}`] : []),
    ...(request.body ? [`- Body: ${bodyLimit(route)}`] : []),
    `- Success: ${successText(contract)}`,
    '',
  ];
  if (request.params) lines.push(describeEach('Path', request.params, 'input'));
  if (request.query) lines.push(describeEach('Query', request.query, 'input'));
  if (request.body) lines.push(describeEach('Body', request.body, 'input'));
  if ('body' in response) lines.push(describeEach('Response', response.body, 'output'));
  return lines.join('\n');
}

function reference(): string {
  const all = routes as readonly RouteDefinition[];
  const index = all.map((route) => {
    const contract = apiContract[route.id as keyof typeof apiContract] as RouteContract;
    const anchor = `${route.method} ${route.path}`
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replaceAll(' ', '-');
    const feature = contract.plan?.feature;
    const plan =
      feature === undefined
        ? ''
        : typeof feature === 'string'
          ? `\`${feature}\``
          : `per \`${feature.param}\``;
    return `| [\`${route.method} ${route.path}\`](#${anchor}) | ${route.auth} | ${plan} | ${successText(contract)} |`;
  });
  const errors = Object.entries(errorStatus).map(([code, status]) => `| \`${code}\` | ${status} |`);
  return [
    '# API reference',
    '',
    '<!-- Generated by `npx tsx scripts/api-reference.ts` from shared/src/routes.ts and',
    'shared/src/api/contract.ts; `npm run lint` fails when this file differs. Do not edit. -->',
    '',
    'Every route, its request and the answer it gives on success, from the route table and the',
    'zod schemas the handlers validate with and the frontend parses with. Field types are JSON',
    'Schema types; a number the server computes as infinite or undefined is sent as `null` where the',
    'type allows it. Conventions (envelopes, API Gateway’s own refusals, sizes) are in',
    '[API conventions](api-conventions.md).',
    '',
    '| Route | Auth | Plan feature | Success |',
    '| --- | --- | --- | --- |',
    ...index,
    '',
    '## Errors',
    '',
    'Every refusal by a handler is `{"error": {"code", "message", "details?"}}` with one of these',
    'codes and its status.',
    '',
    '| Code | Status |',
    '| --- | --- |',
    ...errors,
    '',
    '## Routes',
    '',
    ...all.map(routeSection),
  ].join('\n');
}

const text = await format(reference(), { ...(await resolveConfig(OUTPUT)), filepath: OUTPUT });
if (process.argv.includes('--check')) {
  const current = await readFile(OUTPUT, 'utf8').catch(() => '');
  if (current !== text) {
    console.error('docs/api.md is out of date with the route table: run `npx tsx scripts/api-reference.ts`.');
    process.exit(1);
  }
} else {
  await writeFile(OUTPUT, text);
  console.log(`Wrote ${OUTPUT}`);
}
