/**
 * The trades handlers (lambdas/trades/handler) for unit tests over mocked AWS clients, and the
 * import request they answer. `mockedTradesHandlers()`, called at a test file's top level, mocks
 * DynamoDB and Cognito, loads the handlers once (every table named, logs silenced) and, before
 * each test, resets the mocks to a live session for any token, no import record yet and every
 * update succeeding; a test adds what else its calls read or write.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { apiEvent } from './api-events';
import { liveSessions } from './live-session';

type TradesHandlers = typeof import('../../lambdas/trades/handler');

/** POST /api/trades/import with `body` as the file (sent as text/csv, as the page sends every file). */
export const importEvent = (body: string, options: { sub?: string; dryRun?: boolean } = {}) =>
  apiEvent({
    method: 'POST',
    path: '/api/trades/import',
    sub: options.sub ?? 'user-1',
    rawBody: body,
    headers: { 'content-type': 'text/csv' },
    ...(options.dryRun ? { query: { dryRun: 'true' } } : {}),
  });

export function mockedTradesHandlers() {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const cognito = mockClient(CognitoIdentityProviderClient);
  let handlers: TradesHandlers | undefined;

  beforeAll(async () => {
    process.env.TABLE_TRADES = 'trades-test';
    process.env.TABLE_JOURNAL_CACHE = 'journal-cache-test';
    process.env.TABLE_IDEMPOTENCY = 'idempotency-test';
    // The confirmation e-mail reads the profile (none here: the preference reads off, nothing sent).
    process.env.TABLE_PROFILES = 'profiles-test';
    process.env.TABLE_NOTIFICATIONS = 'notifications-test';
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    handlers = await import('../../lambdas/trades/handler');
  });
  afterAll(() => vi.restoreAllMocks());
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    liveSessions(dynamo, cognito);
    // No import record yet, and every update (version bumps, the record) succeeds.
    dynamo.on(GetCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({});
  });

  return {
    dynamo,
    cognito,
    /** The handlers module, loaded before the file's first test. */
    get handlers(): TradesHandlers {
      if (!handlers) throw new Error('The trades handlers load in beforeAll: use them inside a test');
      return handlers;
    },
  };
}
