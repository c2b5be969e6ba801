/**
 * Fault injection on every route of the table and every scheduled job, with aws-sdk-client-mock.
 *
 * Each route is sent a valid request built from its own schemas (`routeSchemas`, see
 * tests/helpers/valid-input.ts), as deployed: origin-verify required, the site gate on, the
 * secrets in Secrets Manager. DynamoDB is mocked with a pass-through to dynalite (a real stand-in,
 * so what was written can be read back), Secrets Manager and Cognito with small fakes. A fault-free
 * run counts the calls each client gets; then, for each fault kind and each position N of those
 * calls, the client fails from its Nth call on (what the caller sees once the SDK's own retries are
 * spent: the service stays down for the rest of the request, and for whatever work the request left
 * running, which is waited for). The answer must be the mapped status
 * (503 `service_unavailable` with `Retry-After`, the contract's envelope, no stack trace, no
 * internal names), and nothing is half-written:
 *
 * - after the failed request, the data is as before it (nothing landed), or as a fault-free run
 *   leaves it (everything had landed when a later read failed), or
 * - the retry that the 503 invites finishes the work: one more fault-free run from the state the
 *   failure left ends exactly where a single fault-free run ends (no duplicate, no leftover, no
 *   lost update). Account deletion, the billing webhook and the feed job rely on this (their
 *   steps are idempotent, and recorded as done last), and so does the CSV import (each row once).
 *
 * A job has no answer: it must fail (so the scheduler runs it again), and the same rules hold.
 *
 * Compared are all tables the route may write (by the route table), except counters whose exact
 * value does not matter: rate-limit windows (a failed request may count against its caller) and
 * the journal cache (its version is bumped before and after every trade write, so any change
 * invalidates; the stats cached under it are recomputed). Generated ids are compared as
 * `<random>` (the crypto calls are recorded); timestamps match because each comparison is made at
 * one instant of a fake clock.
 */
import {
  AdminDeleteUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  InternalErrorException,
  NotAuthorizedException,
  TooManyRequestsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DynamoDBClient,
  DynamoDBServiceException,
  InternalServerError,
  ProvisionedThroughputExceededException,
} from '@aws-sdk/client-dynamodb';
import {
  GetSecretValueCommand,
  InternalServiceError,
  SecretsManagerClient,
  SecretsManagerServiceException,
} from '@aws-sdk/client-secrets-manager';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/api/idempotency';
import { routes, type RouteDefinition } from '@shared/routes';
import { CHAIN_SNAPSHOT_JOB } from '@shared/providers/chains/shared-snapshot';
import { schedules, type ScheduleDefinition } from '@shared/schedules';
import { ORIGIN_VERIFY_HEADER, secrets, type SecretKey } from '@shared/secrets';
import { isInSession, nextSessionOpen } from '@shared/market/calendar';
import { tables, type TableDefinition, type TableKey } from '@shared/tables';
import { ensureTables, startDynamo, type LocalDynamo } from '../../../scripts/local/dynamo';
import { apiEvent } from '../../helpers/api-events';
import {
  startStripeStub,
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  stripeSignature,
  type StripeStub,
} from '../../helpers/stripe-stub';
import webpush from 'web-push';
import { validQuery, validValue } from '../../helpers/valid-input';

/** Every random value the code under test draws, so generated ids compare as `<random>`. */
const drawn = vi.hoisted(() => new Set<string>());
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = ((size: number, callback?: (error: Error | null, buffer: Buffer) => void) => {
    const buffer = actual.randomBytes(size);
    for (const encoding of ['hex', 'base64url', 'base64'] as const) drawn.add(buffer.toString(encoding));
    if (callback) callback(null, buffer);
    return buffer;
  }) as typeof actual.randomBytes;
  const randomUUID = () => {
    const value = actual.randomUUID();
    drawn.add(value);
    return value;
  };
  return { ...actual, default: { ...actual, randomBytes, randomUUID }, randomBytes, randomUUID };
});
// The site gate's fixed half-second answer time (and any other sleep) passes at once here.
vi.mock('node:timers/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:timers/promises')>();
  const setTimeout = async <T>(_ms?: number, value?: T) => value as T;
  return { ...actual, default: { ...actual, setTimeout }, setTimeout };
});

type ClientName = 'dynamodb' | 'secretsManager' | 'cognito';

interface FaultKind {
  client: ClientName;
  name: string;
  make(): Error;
}

const metadata = { httpStatusCode: 500, requestId: 'fault-injected', attempts: 3, totalRetryDelay: 900 };
const FAULT_MESSAGE = 'INJECTED FAULT: do not show this to the caller';
const FAULT_KINDS: FaultKind[] = [
  {
    client: 'dynamodb',
    name: 'ProvisionedThroughputExceededException',
    make: () => new ProvisionedThroughputExceededException({ message: FAULT_MESSAGE, $metadata: metadata }),
  },
  {
    client: 'dynamodb',
    name: 'ThrottlingException',
    make: () =>
      new DynamoDBServiceException({
        name: 'ThrottlingException',
        $fault: 'client',
        message: FAULT_MESSAGE,
        $metadata: metadata,
      }),
  },
  {
    client: 'dynamodb',
    name: 'InternalServerError',
    make: () => new InternalServerError({ message: FAULT_MESSAGE, $metadata: metadata }),
  },
  {
    client: 'secretsManager',
    name: 'ThrottlingException',
    make: () =>
      new SecretsManagerServiceException({
        name: 'ThrottlingException',
        $fault: 'client',
        message: FAULT_MESSAGE,
        $metadata: metadata,
      }),
  },
  {
    client: 'secretsManager',
    name: 'InternalServiceError',
    make: () => new InternalServiceError({ message: FAULT_MESSAGE, $metadata: metadata }),
  },
  {
    client: 'cognito',
    name: 'TooManyRequestsException',
    make: () => new TooManyRequestsException({ message: FAULT_MESSAGE, $metadata: metadata }),
  },
  {
    client: 'cognito',
    name: 'InternalErrorException',
    make: () => new InternalErrorException({ message: FAULT_MESSAGE, $metadata: metadata }),
  },
];

// ---------------------------------------------------------------------------------------------
// The mocked clients: every call recorded, and failing from the fault's position on.

const calls: Record<ClientName, string[]> = { dynamodb: [], secretsManager: [], cognito: [] };
let fault: { kind: FaultKind; from: number } | undefined;

/** Calls not answered yet: a request may leave work running after it answered (a Promise.all that failed fast). */
const inflight = new Set<Promise<unknown>>();

function intercept<T>(client: ClientName, command: string, work: () => Promise<T> | T): Promise<T> {
  calls[client].push(command);
  const answer =
    fault && fault.kind.client === client && calls[client].length >= fault.from
      ? Promise.reject(fault.kind.make())
      : Promise.resolve().then(work);
  const tracked = answer.finally(() => inflight.delete(tracked));
  tracked.catch(() => {});
  inflight.add(tracked);
  return answer;
}

/** Waits until what a run left running has finished (the fault still on: the outage outlasts the answer). */
async function settle() {
  for (let idle = 0; idle < 3;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (inflight.size === 0) idle += 1;
    else {
      idle = 0;
      await Promise.allSettled([...inflight]);
    }
  }
}

// Kept before the class is mocked: the pass-through sends with it to dynalite.
const forwardSend = DynamoDBDocumentClient.prototype.send;
let realDocument: DynamoDBDocumentClient;
const real = <T>(command: unknown): Promise<T> =>
  (forwardSend as (command: unknown) => Promise<T>).call(realDocument, command);

const documentCommands = [
  GetCommand,
  PutCommand,
  UpdateCommand,
  DeleteCommand,
  QueryCommand,
  ScanCommand,
  BatchGetCommand,
  BatchWriteCommand,
  TransactGetCommand,
  TransactWriteCommand,
] as const;

const WRITES = new Set([
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchWriteCommand',
  'TransactWriteCommand',
]);

const dynamoMock = mockClient(DynamoDBDocumentClient);
const secretsMock = mockClient(SecretsManagerClient);
const cognitoMock = mockClient(CognitoIdentityProviderClient);

function installMocks() {
  dynamoMock.reset();
  dynamoMock.onAnyCommand().rejects(new Error('A DynamoDB command this test does not pass through'));
  for (const Command of documentCommands)
    dynamoMock
      .on(Command as never)
      .callsFake((input: object) =>
        intercept('dynamodb', Command.name, () =>
          real(new (Command as new (input: object) => unknown)(input)),
        ),
      );
  secretsMock.reset();
  secretsMock.onAnyCommand().rejects(new Error('A Secrets Manager command this test does not fake'));
  secretsMock.on(GetSecretValueCommand).callsFake((input: { SecretId?: string }) =>
    intercept('secretsManager', 'GetSecretValue', () => {
      const value = secretValues.get(input.SecretId ?? '');
      if (value === undefined) throw new Error(`No secret ${input.SecretId}`);
      return { ARN: input.SecretId, Name: input.SecretId, SecretString: value };
    }),
  );
  cognitoMock.reset();
  cognitoMock.onAnyCommand().rejects(new Error('A Cognito command this test does not fake'));
  cognitoMock.on(GetUserCommand).callsFake((input: { AccessToken?: string }) =>
    intercept('cognito', 'GetUser', () => {
      const user = [...cognitoUsers.values()].find((u) => u.token === input.AccessToken);
      if (!user || user.deleted)
        throw new NotAuthorizedException({ message: 'Access Token has been revoked', $metadata: {} });
      return {
        Username: user.id,
        UserAttributes: [
          { Name: 'sub', Value: user.id },
          { Name: 'email', Value: user.email },
        ],
      };
    }),
  );
  cognitoMock.on(AdminGetUserCommand).callsFake((input: { Username?: string }) =>
    intercept('cognito', 'AdminGetUser', () => {
      const user = cognitoUsers.get(input.Username ?? '');
      if (!user || user.deleted)
        throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
      return { Username: user.id, UserCreateDate: user.createdAt, Enabled: true };
    }),
  );
  cognitoMock.on(AdminUserGlobalSignOutCommand).callsFake((input: { Username?: string }) =>
    intercept('cognito', 'AdminUserGlobalSignOut', () => {
      if (!cognitoUsers.get(input.Username ?? ''))
        throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
      return {};
    }),
  );
  cognitoMock.on(AdminSetUserMFAPreferenceCommand).callsFake((input: { Username?: string }) =>
    intercept('cognito', 'AdminSetUserMFAPreference', () => {
      if (!cognitoUsers.get(input.Username ?? ''))
        throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
      return {};
    }),
  );
  cognitoMock.on(AdminDeleteUserCommand).callsFake((input: { Username?: string }) =>
    intercept('cognito', 'AdminDeleteUser', () => {
      const user = cognitoUsers.get(input.Username ?? '');
      if (!user || user.deleted)
        throw new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });
      user.deleted = true;
      return {};
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The world: one user with a journal, a chat, feeds, a passed site gate and a Stripe customer.

const USER = 'user-fault-1';
const TOKEN = `token-${USER}`;
const GATE_PASSWORD = 'open sesame, fault injection';
const ORIGIN_SECRET = 'origin-verify-fault-injection';
/**
 * 00:30 in New York, 05:30 UTC: a target's runs stay within one day in both zones, so no cache
 * keyed by the day (the journal statistics) turns over between a route's fault-free run and its
 * faulted ones. The matrix (over 18 hours of fake time) moves on to the next day at 05:30 UTC
 * before a target that could not finish inside this one (see `startTarget`).
 */
const START = Date.parse('2026-11-20T05:30:00.000Z');

interface CognitoUser {
  id: string;
  token: string;
  email: string;
  createdAt: Date;
  deleted: boolean;
}
const cognitoUsers = new Map<string, CognitoUser>();
const resetCognito = () => {
  cognitoUsers.clear();
  cognitoUsers.set(USER, {
    id: USER,
    token: TOKEN,
    email: 'ann@example.com',
    createdAt: new Date(START - 40 * 24 * 3600 * 1000),
    deleted: false,
  });
};

const secretValues = new Map<string, string>();
const arnOf = (key: SecretKey) => `arn:aws:secretsmanager:us-east-1:123456789012:secret:${key}-fault`;

/**
 * The fake clock: each run at its own instant, after every per-container cache a handler keeps
 * has expired (sessions and plan answers a minute, feed reads 30 s; the secrets' cache is cleared),
 * so each run makes the calls the fault-free one counted. Jobs keep no cache: their runs are a few
 * seconds apart, so each has a few minutes of feed items to write, not hours.
 */
const ROUTE_STEP_MS = 65_000;
const JOB_STEP_MS = 3_000;
let now = START;
const DAY_MS = 86_400_000;
/** A target's runs take at most this long (about 80 faulted runs of a route). */
const TARGET_SPAN_MS = 90 * 60_000;
/** The end of the UTC day `now` is in. */
const dayEnd = () => Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
/** The UTC day a target's runs are in. */
let targetDay = Math.floor(START / DAY_MS);
/** Before a target: on to 05:30 UTC of the next day when its runs could cross midnight. */
const startTarget = () => {
  if (now + TARGET_SPAN_MS >= dayEnd()) now = dayEnd() + (START % DAY_MS);
  targetDay = Math.floor(now / DAY_MS);
};
/** Jobs that do their work only while the market trades (outside a session they read nothing). */
const SESSION_JOBS: ReadonlySet<string> = new Set(['recordPositionTargets']);
const nextInstant = (target: Target) => {
  now += target.kind === 'job' ? JOB_STEP_MS : ROUTE_STEP_MS;
  // A session-only job (last in the matrix) runs in the next session, a minute after its open:
  // past the day's end perhaps, which no target after it can notice.
  if (SESSION_JOBS.has(target.id)) {
    if (!isInSession(new Date(now))) now = nextSessionOpen(new Date(now)).getTime() + 60_000;
    vi.setSystemTime(now);
    return;
  }
  if (Math.floor(now / DAY_MS) !== targetDay)
    throw new Error("A target's runs crossed midnight: raise TARGET_SPAN_MS");
  vi.setSystemTime(now);
};

const tableList = Object.entries(tables) as [TableKey, TableDefinition][];
const physical = (key: TableKey) => tables[key].id;
/** Counters whose exact value does not matter (see the header). */
const BOOKKEEPING: ReadonlySet<TableKey> = new Set(['rateLimits', 'journalCache']);

type Item = Record<string, unknown>;
type State = Partial<Record<TableKey, Item[]>>;

async function scanTable(key: TableKey): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await real<{ Items?: Item[]; LastEvaluatedKey?: Record<string, unknown> }>(
      new ScanCommand({ TableName: physical(key), ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function snapshot(keys: readonly TableKey[]): Promise<State> {
  return Object.fromEntries(await Promise.all(keys.map(async (key) => [key, await scanTable(key)] as const)));
}

const keyOf = (key: TableKey, item: Item) =>
  JSON.stringify([
    item[tables[key].partitionKey.name],
    item[(tables[key] as TableDefinition).sortKey?.name ?? ''],
  ]);

/** Puts each table back as `seed` holds it, touching only the items that differ. */
async function restore(seed: State, keys: readonly TableKey[]) {
  for (const key of keys) {
    const wanted = new Map((seed[key] ?? []).map((item) => [keyOf(key, item), item]));
    const present = await scanTable(key);
    const requests: object[] = [];
    for (const item of present) {
      const seeded = wanted.get(keyOf(key, item));
      if (!seeded) {
        const definition = tables[key] as TableDefinition;
        const itemKey: Item = { [definition.partitionKey.name]: item[definition.partitionKey.name] };
        if (definition.sortKey) itemKey[definition.sortKey.name] = item[definition.sortKey.name];
        requests.push({ DeleteRequest: { Key: itemKey } });
      } else if (JSON.stringify(seeded) === JSON.stringify(item)) wanted.delete(keyOf(key, item));
    }
    for (const item of wanted.values()) requests.push({ PutRequest: { Item: item } });
    for (let i = 0; i < requests.length; i += 25) {
      let pending: Record<string, unknown[]> | undefined = { [physical(key)]: requests.slice(i, i + 25) };
      while (pending && Object.keys(pending).length > 0) {
        const result: { UnprocessedItems?: Record<string, unknown[]> } = await real(
          new BatchWriteCommand({ RequestItems: pending as never }),
        );
        pending = result.UnprocessedItems;
      }
    }
  }
}

/**
 * A notification's id is a hash of its key, which for a journal confirmation names a generated
 * trade id (`trade#<id>#added`): compared as `<hash>`, its key being in the item's event.
 */
const NOTIFICATION_HASH = /(?<=^|#|")[0-9a-f]{32}(?=$|")/g;

/** A table's items as comparable text: generated ids as `<random>`, in a fixed order. */
function normalized(items: readonly Item[], key?: TableKey): string[] {
  const randoms = [...drawn].filter((value) => value.length >= 8).sort((a, b) => b.length - a.length);
  const pattern = randoms.length
    ? new RegExp(randoms.map((value) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'g')
    : undefined;
  const scrub = (text: string) => {
    const scrubbed = pattern ? text.replace(pattern, '<random>') : text;
    return key === 'notifications' ? scrubbed.replace(NOTIFICATION_HASH, '<hash>') : scrubbed;
  };
  return items.map((item) => scrub(JSON.stringify(sortKeys(item)))).sort();
}
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Set) return [...(value as Set<unknown>)].map(sortKeys).sort();
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Item)[k])]),
    );
  return value;
}
const sameData = (a: State, b: State, keys: readonly TableKey[]) =>
  keys.every(
    (key) => JSON.stringify(normalized(a[key] ?? [], key)) === JSON.stringify(normalized(b[key] ?? [], key)),
  );
function differences(a: State, b: State, keys: readonly TableKey[]): string {
  return keys
    .filter(
      (key) =>
        JSON.stringify(normalized(a[key] ?? [], key)) !== JSON.stringify(normalized(b[key] ?? [], key)),
    )
    .map((key) => {
      const left = normalized(a[key] ?? [], key);
      const right = normalized(b[key] ?? [], key);
      const only = (x: string[], y: string[]) => {
        const extra = x.filter((v) => !y.includes(v));
        return `${extra.length} item(s)${extra.length ? ` such as ${extra[0]!.slice(0, 240)}` : ''}`;
      };
      return `${key}: missing ${only(left, right)}; unexpected ${only(right, left)}`;
    })
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Requests.

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Handler>();
const jobs = new Map<string, () => Promise<unknown>>();
let routeSchemas: typeof import('../../../lambdas/common/http').routeSchemas;
let clearCaches: () => void = () => {};
let stripe: StripeStub;

interface Fixtures {
  gateCookie: string;
  tradeId: string;
  trendAlertId: string;
  notificationRuleId: string;
  pushSubscriptionId: string;
  webhookEvent: Record<string, unknown>;
}
let fixtures: Fixtures;

interface RequestParts {
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * Where the generated request cannot be the valid one: a path id must name an existing item, the
 * gate wants its password, the import a CSV file, the webhook an event signed at the current time.
 * A route added later needs an entry only if its generated request is not served (the fault-free
 * run below fails and says so).
 */
const pathFixtures: Record<string, () => Record<string, string>> = {
  '/api/trades/{id}': () => ({ id: fixtures.tradeId }),
  '/api/feeds/trends/{id}/dismiss': () => ({ id: fixtures.trendAlertId }),
  '/api/notification-rules/{id}': () => ({ id: fixtures.notificationRuleId }),
  '/api/notification-rules/{id}/test': () => ({ id: fixtures.notificationRuleId }),
  // On the watchlist (seeded below), so removing it is served too.
  '/api/watchlist/{ticker}': () => ({ ticker: 'SPY' }),
  '/api/push/subscriptions/{id}': () => ({ id: fixtures.pushSubscriptionId }),
};
const bodyExamples: Partial<Record<string, () => RequestParts>> = {
  unlockSiteGate: () => ({ body: { password: GATE_PASSWORD } }),
  importTrades: () => ({
    rawBody: [
      'Ticker,Strategy,Entry Price,Exit Price,Opened At',
      'MSFT,Long Call,2.10,3.40,2026-11-02T15:00:00Z',
      'SPY,Long Put,1.00,,2026-11-03T15:00:00Z',
      'QQQ,Covered Call,0.80,0.20,2026-11-04T15:00:00Z',
    ].join('\n'),
    headers: { 'content-type': 'text/csv' },
  }),
  billingWebhook: () => {
    const payload = JSON.stringify(fixtures.webhookEvent, null, 2);
    return {
      rawBody: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, STUB_WEBHOOK_SECRET),
      },
    };
  },
};

/** A key per distinct body (FNV-1a): a retry repeats it, another trade gets another. */
function bodyKey(body: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(body ?? null))
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `fault-injection-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * Headers a route is sent with as the app sends it: a trade is posted under an Idempotency-Key
 * (frontend/src/features/journal/api/create-trade.ts), so the retry a 503 invites answers the
 * same trade and records its confirmation once.
 */
const extraHeaders: Partial<Record<string, (parts: RequestParts) => Record<string, string>>> = {
  createTrade: (parts) => ({ [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: bodyKey(parts.body) }),
};

/** The request a route is sent in the runs below, with the headers the app adds. */
function requestParts(route: RouteDefinition): RequestParts {
  const parts = baseRequestParts(route);
  const extra = extraHeaders[route.id]?.(parts);
  return extra ? { ...parts, headers: { ...parts.headers, ...extra } } : parts;
}

function baseRequestParts(route: RouteDefinition): RequestParts {
  const schemas = routeSchemas.get(route.id as never) ?? {};
  const parts: RequestParts = {};
  if (schemas.query) parts.query = validQuery(schemas.query) ?? {};
  if (route.path.includes('{'))
    parts.pathParameters =
      pathFixtures[route.path]?.() ??
      ((schemas.params && validValue(schemas.params).value) as Record<string, string>);
  const example = bodyExamples[route.id]?.();
  if (example) return { ...parts, ...example, headers: { ...parts.headers, ...example.headers } };
  if (schemas.body && route.method !== 'GET') {
    const body = validValue(schemas.body);
    if (body.found)
      return typeof body.value === 'string'
        ? {
            ...parts,
            rawBody: body.value,
            headers: { 'content-type': route.body?.format === 'csv' ? 'text/csv' : 'text/plain' },
          }
        : { ...parts, body: body.value };
  }
  return parts;
}

/**
 * The caller's token was issued, and its user signed in, just now; a retry signs in again (a
 * second later): account deletion revokes every token issued until it began, the one that asked
 * included, so the user finishes a failed deletion with a new sign-in.
 */
function eventFor(route: RouteDefinition, signedInAgain = false): APIGatewayProxyEventV2 {
  const signedIn = String(Math.floor(Date.now() / 1000) + (signedInAgain ? 1 : 0));
  const parts = requestParts(route);
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(parts.pathParameters?.[name] ?? ''),
  );
  const event = apiEvent({
    method: route.method,
    path,
    body: parts.body,
    rawBody: parts.rawBody,
    query: parts.query,
    pathParameters: parts.pathParameters,
    ...(route.auth === 'user'
      ? { sub: USER, token: TOKEN, claims: { iat: signedIn, auth_time: signedIn } }
      : {}),
    headers: {
      [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET,
      'cloudfront-viewer-address': '198.51.100.20:443',
      origin: 'https://app.example.com',
      ...parts.headers,
    },
  });
  return { ...event, routeKey: `${route.method} ${route.path}`, cookies: [fixtures.gateCookie] };
}

interface Run {
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: unknown;
  calls: Record<ClientName, string[]>;
}

/** One request (or job run) at the next instant, with cold caches, failing as `withFault` says. */
async function run(
  target: Target,
  withFault?: { kind: FaultKind; from: number },
  sameInstant = false,
): Promise<Run> {
  if (!sameInstant) {
    nextInstant(target);
    clearCaches();
  }
  calls.dynamodb = [];
  calls.secretsManager = [];
  calls.cognito = [];
  fault = withFault;
  try {
    if (target.kind === 'job') {
      try {
        await jobs.get(target.id)!();
        return { status: 200, headers: {}, body: '', calls: { ...calls } };
      } catch (error) {
        return { status: 0, headers: {}, body: '', error, calls: { ...calls } };
      }
    }
    const result = await handlers.get(target.id)!(eventFor(target.route, sameInstant));
    return {
      status: result.statusCode ?? 0,
      headers: (result.headers ?? {}) as Record<string, string>,
      body: result.body ?? '',
      calls: { ...calls },
    };
  } finally {
    await settle();
    fault = undefined;
  }
}

type Target =
  | { kind: 'route'; id: string; route: RouteDefinition; writes: TableKey[] }
  | { kind: 'job'; id: string; schedule: ScheduleDefinition; writes: TableKey[] };

const writableTables = (access: Partial<Record<TableKey, string>>) =>
  (Object.entries(access) as [TableKey, string][]).filter(([, a]) => a !== 'read').map(([key]) => key);

const envelope = z
  .object({
    error: z.object({ code: z.literal('service_unavailable'), message: z.string().min(1) }).strict(),
  })
  .strict();

/** What is wrong with a faulted answer, if anything. */
function faultedAnswerProblems(target: Target, result: Run): string[] {
  if (target.kind === 'job')
    return result.error === undefined
      ? ['the job reported success although a call failed (the scheduler would not retry it)']
      : [];
  const problems: string[] = [];
  if (result.status !== 503) problems.push(`status ${result.status}, not 503`);
  if (!/^[1-9]\d*$/.test(result.headers['retry-after'] ?? '')) problems.push('no Retry-After');
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.body);
  } catch {
    problems.push('body is not JSON');
  }
  if (!envelope.safeParse(parsed).success)
    problems.push(`body is not the service_unavailable envelope: ${result.body.slice(0, 200)}`);
  if (/INJECTED FAULT|Exception|InternalServ|\bat .+:\d+|\.ts\b|node_modules/.test(result.body))
    problems.push(`the body shows internals: ${result.body.slice(0, 200)}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------

const matrix = {
  cases: 0,
  targets: 0,
  /** (route or job, fault kind) pairs where the fault's client is called at all. */
  pairs: 0,
  byKind: {} as Record<string, number>,
  resumable: new Set<string>(),
};
let dynamo: LocalDynamo;
let seed: State;
const allTables = tableList.map(([key]) => key);

describe('fault injection on every route and scheduled job', () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    dynamo = await startDynamo({});
    const lowLevel = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTables(lowLevel);
    realDocument = DynamoDBDocumentClient.from(lowLevel, {
      marshallOptions: { removeUndefinedValues: true },
    });
    stripe = await startStripeStub({ seedCatalog: true });

    const { newSiteGateSecret } = await import('../../../lambdas/site-gate/service');
    const values: Record<SecretKey, string> = {
      openaiApiKey: 'none',
      siteGate: JSON.stringify(await newSiteGateSecret(GATE_PASSWORD)),
      marketDataApiKey: 'unused-the-market-is-simulated',
      unusualWhalesApiKey: 'unused-the-flow-is-simulated',
      tradierApiKey: 'unused-the-chains-are-simulated',
      fmpApiKey: 'unused-the-earnings-are-simulated',
      hashingKey: 'fault-injection-hashing-key-0123456789abcdef',
      originVerify: JSON.stringify({ current: ORIGIN_SECRET }),
      stripeSecretKey: STUB_SECRET_KEY,
      stripeWebhookSecret: STUB_WEBHOOK_SECRET,
      vapidKeys: JSON.stringify({ ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' }),
    };
    for (const [key, definition] of Object.entries(secrets) as [
      SecretKey,
      { arnEnvVar: string; localEnvVar: string },
    ][]) {
      vi.stubEnv(definition.arnEnvVar, arnOf(key));
      vi.stubEnv(definition.localEnvVar, undefined);
      secretValues.set(arnOf(key), values[key]);
    }
    for (const [key, definition] of tableList) vi.stubEnv(definition.envVar, physical(key));
    vi.stubEnv('STAGE', 'dev');
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('USER_POOL_ID', 'us-east-1_faults');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'faults-client');
    vi.stubEnv('ORIGIN_VERIFY_REQUIRED', 'true');
    vi.stubEnv('SITE_GATE_ENABLED', 'true');
    vi.stubEnv('QUOTES_PROVIDER', 'simulated');
    // The failures are expected here; their log lines are checked elsewhere.
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');
    vi.stubEnv('STRIPE_API_URL', stripe.url);
    vi.stubEnv('SITE_URL', 'https://app.example.com');
    resetCognito();
    installMocks();

    const http = await import('../../../lambdas/common/http');
    routeSchemas = http.routeSchemas;
    const secretsModule = (await import('../../../lambdas/common/secrets')) as Record<string, unknown>;
    const session = await import('../../../lambdas/common/session');
    clearCaches = () => {
      if (typeof secretsModule.clearSecretCache === 'function')
        (secretsModule.clearSecretCache as () => void)();
      session.forgetSessions();
    };
    for (const area of new Set(routes.map((r) => r.area))) {
      const module = (await import(
        /* @vite-ignore */ new URL(`../../../lambdas/${area}/handler.ts`, import.meta.url).href
      )) as Record<string, Handler>;
      for (const route of routes.filter((r) => r.area === area)) handlers.set(route.id, module[route.id]!);
    }
    for (const area of new Set(schedules.map((s) => s.area))) {
      const module = (await import(
        /* @vite-ignore */ new URL(`../../../lambdas/${area}/jobs.ts`, import.meta.url).href
      )) as Record<string, () => Promise<unknown>>;
      for (const schedule of schedules.filter((s) => s.area === area))
        jobs.set(schedule.id, module[schedule.id]!);
    }

    // The world, made through the product's own code (fault-free).
    fixtures = {
      gateCookie: '',
      tradeId: '',
      trendAlertId: '',
      notificationRuleId: '',
      pushSubscriptionId: '',
      webhookEvent: {},
    };
    const byId = (id: string) => routes.find((r) => r.id === id)! as RouteDefinition;
    const serve = async (id: string, parts?: () => RequestParts) => {
      const saved = bodyExamples[id];
      if (parts) bodyExamples[id] = parts;
      try {
        const result = await run({ kind: 'route', id, route: byId(id), writes: [] });
        if (result.status >= 300) throw new Error(`${id} answered ${result.status}: ${result.body}`);
        return result;
      } finally {
        bodyExamples[id] = saved;
      }
    };
    const unlocked = await handlers.get('unlockSiteGate')!(eventFor(byId('unlockSiteGate')));
    fixtures.gateCookie = (unlocked.cookies ?? [])[0]!.split(';')[0]!;
    await real(
      new PutCommand({
        TableName: physical('profiles'),
        Item: {
          id: USER,
          email: 'ann@example.com',
          full_name: 'Ann',
          created_at: new Date(START - 40 * 86400_000).toISOString(),
          updated_at: new Date(START - 40 * 86400_000).toISOString(),
          trial_end_date: new Date(START - 33 * 86400_000).toISOString(),
          subscription_tier: 'elite',
          notification_prefs: {
            email_alerts: true,
            push_notifications: true,
            market_updates: true,
            trade_confirmations: true,
          },
        },
      }),
    );
    for (const trade of [
      {
        ticker: 'AAPL',
        strategy: 'Long Call',
        entry_price: 2.5,
        exit_price: 3.75,
        opened_at: '2026-11-10T15:00:00Z',
        closed_at: '2026-11-12T15:00:00Z',
      },
      {
        ticker: 'TSLA',
        strategy: 'Long Put',
        entry_price: 4,
        opened_at: '2026-11-16T15:00:00Z',
        tags: ['earnings'],
      },
    ]) {
      const created = await serve('createTrade', () => ({ body: trade }));
      fixtures.tradeId = (JSON.parse(created.body) as { trade_id: string }).trade_id;
    }
    // A notification rule in the app only (no e-mail or webhook leaves a unit test).
    const rule = await serve('createNotificationRule', () => ({
      body: { name: 'High alerts', condition: { feed: 'alerts', minSeverity: 'high' }, channels: ['in-app'] },
    }));
    fixtures.notificationRuleId = (JSON.parse(rule.body) as { id: string }).id;
    await serve('watchTicker', () => ({ pathParameters: { ticker: 'SPY' } }));
    const subscribed = await serve('subscribePush', () => ({
      body: { endpoint: 'https://push.example.com/send/1', keys: { p256dh: 'BPk', auth: 'c2VjcmV0' } },
    }));
    fixtures.pushSubscriptionId = (JSON.parse(subscribed.body) as { id: string }).id;
    await serve('postChatMessage', () => ({ body: { message: 'How is my journal doing?' } }));
    await jobs.get('generateFeeds')!();
    const trends = await scanTable('feeds');
    const nowIso = new Date().toISOString();
    fixtures.trendAlertId = trends
      .filter((item) => item.feed === 'trends' && String(item.timestamp) <= nowIso)
      .map((item) => String(item.id))[0]!;
    // A Stripe customer who once subscribed (the subscription since ended), and the event of a new checkout.
    const checkout = await serve('createCheckout', () => ({ body: { plan: 'pro', period: 'month' } }));
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    expect(JSON.parse(checkout.body)).toMatchObject({ url: expect.any(String) });
    const { subscription } = await stripe.pay(sessionId);
    fixtures.webhookEvent = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)!);
    await real(
      new UpdateCommand({
        TableName: physical('profiles'),
        Key: { id: USER },
        UpdateExpression: 'SET billing = :billing',
        ExpressionAttributeValues: {
          ':billing': {
            provider: 'stripe',
            customer_id: subscription.customer as string,
            subscription_id: null,
            status: 'canceled',
            plan: null,
            period: null,
            renews_at: null,
            cancel_at_period_end: false,
            updated_at: new Date(START - 20 * 86400_000).toISOString(),
          },
        },
      }),
    );
    seed = await snapshot(allTables);
    // Five minutes on: what a scheduled run after a pause has to write.
    now += 5 * 60_000;
  });

  afterAll(async () => {
    console.info(
      `fault injection: ${matrix.cases} faulted runs over ${matrix.targets} routes and jobs, ` +
        `${matrix.pairs} (target, fault kind) pairs ` +
        `(${JSON.stringify(matrix.byKind)}); finished by a retry: ${[...matrix.resumable].join(', ') || 'none'}`,
    );
    dynamoMock.restore();
    secretsMock.restore();
    cognitoMock.restore();
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    await stripe?.close();
    await dynamo?.close();
  });

  // The jobs first: the clock is then some minutes past the seeded feeds (a few batches per feed
  // to write), not the half hour the routes' runs add (hundreds of items per run). The jobs that
  // work only in a session last: their runs move the clock to the next one.
  const jobTarget = (schedule: ScheduleDefinition): Target => ({
    kind: 'job',
    id: schedule.id,
    schedule,
    writes: writableTables(schedule.tables),
  });
  const scheduleRows = schedules as readonly ScheduleDefinition[];
  const targets: Target[] = [
    ...scheduleRows.filter((job) => !SESSION_JOBS.has(job.id)).map(jobTarget),
    ...(routes as readonly RouteDefinition[]).map((route): Target => ({
      kind: 'route',
      id: route.id,
      route,
      writes: writableTables(route.tables),
    })),
    ...scheduleRows.filter((job) => SESSION_JOBS.has(job.id)).map(jobTarget),
  ];

  it.each(targets.map((target) => [`${target.kind} ${target.id}`, target] as const))(
    '%s: every fault is answered as mapped, and nothing is half-written',
    async (_label, target) => {
      startTarget();
      await restore(seed, allTables);
      resetCognito();
      const compared = target.writes.filter((key) => !BOOKKEEPING.has(key));
      const before = await snapshot(compared);

      // The fault-free run: served, and how many calls each client gets.
      const clean = await run(target);
      if (target.kind === 'route')
        expect(
          clean.status,
          `the generated request is served fault-free: ${clean.body.slice(0, 300)}`,
        ).toBeLessThan(300);
      else expect(clean.error).toBeUndefined();
      if (target.id === CHAIN_SNAPSHOT_JOB) {
        // With simulated chains (this stage) the snapshot job fetches and writes nothing: no AWS
        // call to fail. Its S3 path and the provider's failures are chain-snapshot.test.ts's.
        expect(clean.calls.secretsManager.length + clean.calls.dynamodb.length).toBe(0);
        return;
      }
      expect(clean.calls.secretsManager.length + clean.calls.dynamodb.length).toBeGreaterThan(0);
      if (Object.keys(target.kind === 'route' ? target.route.tables : target.schedule.tables).length > 0)
        expect(clean.calls.dynamodb.length, 'the route reaches its tables').toBeGreaterThan(0);

      const failures: string[] = [];
      matrix.targets += 1;
      for (const kind of FAULT_KINDS) {
        if (clean.calls[kind.client].length > 0) matrix.pairs += 1;
        for (let from = 1; from <= clean.calls[kind.client].length; from += 1) {
          const label = `${kind.client} ${kind.name} from call ${from} (${clean.calls[kind.client][from - 1]})`;
          await restore(seed, target.writes);
          resetCognito();
          // Ids drawn before (the seed's) are the same on both sides of every comparison.
          drawn.clear();
          const faulted = await run(target, { kind, from });
          matrix.cases += 1;
          matrix.byKind[kind.client] = (matrix.byKind[kind.client] ?? 0) + 1;
          for (const problem of faultedAnswerProblems(target, faulted))
            failures.push(
              `${label}: ${problem} (at ${new Date().toISOString()}; calls: ${faulted.calls[kind.client].join(', ')})`,
            );

          const after = await snapshot(compared);
          if (sameData(after, before, compared)) continue;
          // Something landed: complete, or finished by the retry the 503 invites (at the same instant).
          const retry = await run(target, undefined, true);
          const retried = await snapshot(compared);
          await restore(seed, target.writes);
          resetCognito();
          const reference = await run(target, undefined, true);
          const expected = await snapshot(compared);
          if (reference.status >= 300 && target.kind === 'route')
            failures.push(`${label}: the reference run answered ${reference.status}`);
          if (sameData(after, expected, compared)) continue;
          if (sameData(retried, expected, compared)) {
            matrix.resumable.add(target.id);
            if (target.kind === 'route' && retry.status >= 500)
              failures.push(`${label}: the retry answered ${retry.status}`);
            continue;
          }
          const landed = faulted.calls.dynamodb.slice(0, kind.client === 'dynamodb' ? from - 1 : undefined);
          failures.push(
            `${label}: half-written (writes before the fault: ${landed.filter((c) => WRITES.has(c)).join(', ') || 'none'}); ` +
              `after the fault ${differences(expected, after, compared)}; after a retry ${differences(expected, retried, compared)}`,
          );
        }
      }
      expect(failures).toEqual([]);
    },
    600_000,
  );
});
