/**
 * A valid value for a zod schema (classic or mini), found from the schema itself: each part of
 * the schema proposes a few plain candidates (the smallest lengths and numbers its checks allow,
 * its enum's first options, strings matching its regex via fast-check with a fixed seed, and
 * common formats), and the first candidate the whole schema accepts wins. Objects get their
 * required fields, then optional ones one at a time until a refinement is satisfied. Used to
 * build a valid request for every route of the table (the fault-injection matrix), so a route
 * added later needs no new test code. `undefined` when nothing found is accepted.
 */
import fc from 'fast-check';

interface Parseable {
  safeParse(value: unknown): { success: boolean };
}

interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  element?: unknown;
  items?: unknown[];
  left?: unknown;
  right?: unknown;
  valueType?: unknown;
  getter?: () => unknown;
  defaultValue?: unknown;
  coerce?: boolean;
}

interface CheckDef {
  check: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  value?: number | bigint;
  length?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const SEED = 20261123;

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;
const accepts = (schema: unknown, value: unknown) => (schema as Parseable).safeParse(value).success;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Examples per string format; dates are a day before the (possibly fake) clock's now, never ahead of it. */
function formatExamples(format: string): string[] {
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const examples: Record<string, string[]> = {
    email: ['ann@example.com'],
    url: ['https://example.com/'],
    uuid: ['0b6f4f5e-6a1c-4c39-9a57-2f1c2d3e4f50'],
    guid: ['0b6f4f5e-6a1c-4c39-9a57-2f1c2d3e4f50'],
    date: [yesterday.slice(0, 10)],
    datetime: [yesterday, yesterday.replace(/\.\d{3}Z$/, 'Z')],
    time: ['10:00:00'],
    ipv4: ['203.0.113.7'],
    base64url: ['AAAA'],
  };
  return examples[format] ?? [];
}

/** Plain strings worth trying for any string: tickers, words, sizes at the length limits. */
function stringCandidates(def: Def): string[] {
  const checks = checksOf(def);
  const min = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum as number));
  const exact = checks.find((c) => c.check === 'length_equals')?.length;
  const out: string[] = ['AAPL', 'SPY', 'hello', 'Hello there, this is a test message.', 'a'];
  // A format schema (z.email(), z.iso.date()) carries its format on itself; z.string().regex() in a check.
  const formats: Pick<CheckDef, 'format' | 'pattern'>[] = [
    def,
    ...checks.filter((c) => c.check === 'string_format'),
  ];
  for (const c of formats) {
    if (c.format) out.push(...formatExamples(c.format));
    if (c.pattern)
      out.push(
        ...fc
          .sample(fc.stringMatching(c.pattern), { numRuns: 20, seed: SEED })
          .sort((a, b) => a.length - b.length),
      );
  }
  if (exact !== undefined) out.push('a'.repeat(exact));
  if (min > 0)
    out.push('a'.repeat(min), `${'Hello there. '.repeat(Math.ceil(min / 13))}`.slice(0, Math.max(min, 1)));
  out.push('');
  return out;
}

function numberCandidates(def: Def): number[] {
  const checks = checksOf(def);
  const out = [1, 2, 10, 0, 100, 0.5];
  for (const c of checks) {
    if (c.check === 'greater_than')
      out.push(Number(c.value) + (c.inclusive ? 0 : 1), Math.ceil(Number(c.value) + 1));
    if (c.check === 'less_than') out.push(Number(c.value) - (c.inclusive ? 0 : 1));
  }
  return out;
}

/** Candidate values of a schema, simplest first (not all valid: the caller filters). */
function candidates(schema: unknown, depth: number, query: boolean): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 12) return [];
  const next = (inner: unknown) => candidates(inner, depth + 1, query);
  switch (def.type) {
    case 'string':
      return stringCandidates(def);
    case 'number':
    case 'int': {
      const numbers = numberCandidates(def);
      return query || def.coerce ? [...numbers.map(String), ...numbers] : numbers;
    }
    case 'bigint':
      return [1n, 0n];
    case 'boolean':
      return query || def.coerce ? ['true', 'false', true, false] : [true, false];
    case 'date':
      return [new Date('2026-11-20T10:00:00Z')];
    case 'null':
      return [null];
    case 'undefined':
    case 'void':
      return [undefined];
    case 'any':
    case 'unknown':
      return [{}, 'a', 1];
    case 'literal':
      return [...(def.values ?? [])];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'optional':
      return [undefined, ...next(def.innerType)];
    case 'nullable':
      return [...next(def.innerType), null];
    case 'default':
    case 'prefault':
      return [undefined, ...next(def.innerType)];
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return next(def.innerType);
    case 'pipe':
      // A transform's input is what the pipe's inner schema takes; for a preprocess, its output.
      if (defOf(def.in)?.type === 'transform') return next(def.out);
      return defOf(def.out)?.type === 'transform' ? next(def.in) : [...next(def.in), ...next(def.out)];
    case 'lazy':
      return def.getter ? next(def.getter()) : [];
    case 'union':
      return (def.options ?? []).flatMap(next);
    case 'intersection':
      return next(def.left);
    case 'array': {
      const min = Math.max(
        0,
        ...checksOf(def)
          .filter((c) => c.check === 'min_length')
          .map((c) => c.minimum as number),
      );
      const element = validValue(def.element, depth + 1, query);
      return min === 0
        ? [[], ...(element.found ? [[element.value]] : [])]
        : element.found
          ? [Array.from({ length: min }, () => element.value)]
          : [];
    }
    case 'tuple':
      return [(def.items ?? []).map((item) => validValue(item, depth + 1, query).value)];
    case 'record':
      return [{}];
    case 'object':
      return objectCandidates(def, depth, query);
    default:
      return [];
  }
}

function objectCandidates(def: Def, depth: number, query: boolean): unknown[] {
  const shape = def.shape ?? {};
  const required: Record<string, unknown> = {};
  const optional: [string, unknown][] = [];
  for (const [key, field] of Object.entries(shape)) {
    const fieldFound = validValue(field, depth + 1, query, true);
    if (accepts(field, undefined)) {
      if (fieldFound.found && fieldFound.value !== undefined) optional.push([key, fieldFound.value]);
    } else if (fieldFound.found) required[key] = fieldFound.value;
  }
  return [
    required,
    ...optional.map(([key, value]) => ({ ...required, [key]: value })),
    { ...required, ...Object.fromEntries(optional) },
  ];
}

/** The first candidate the schema accepts. */
export function validValue(
  schema: unknown,
  depth = 0,
  query = false,
  defined = false,
): { found: boolean; value: unknown } {
  for (const value of candidates(schema, depth, query))
    if ((!defined || value !== undefined) && accepts(schema, value)) return { found: true, value };
  return { found: false, value: undefined };
}

/** A valid query (string values) for a query schema. */
export function validQuery(schema: unknown): Record<string, string> | undefined {
  const found = validValue(schema, 0, true);
  if (!found.found) return undefined;
  return Object.fromEntries(
    Object.entries((found.value ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** Every candidate the schema accepts, simplest first (the last fills the most optional fields). */
export function validValues(schema: unknown): unknown[] {
  return candidates(schema, 0, false).filter((value) => value !== undefined && accepts(schema, value));
}
