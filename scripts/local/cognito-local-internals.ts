/**
 * The pin of cognito-local's private modules: the only file that reaches inside the package.
 *
 * cognito-local's public surface (`createDefaultServer`, `createServer`) builds a pool that reads
 * its config from `./.cognito`, prints codes to the console and invokes triggers as real Lambdas.
 * The local user pool needs more than that: the codes kept in an outbox, the post-confirmation
 * trigger run in process, and a router in front of cognito-local's own (scripts/local/cognito.ts).
 * So it wires cognito-local's services itself, from the private modules below. They are not a
 * stable API: package.json pins cognito-local exactly, and tests/unit/local/cognito-local-pin.test.ts
 * fails with the module and export that moved when the installed version is not the pinned one.
 * To upgrade: bump the version here and in package.json, run that test and the local user pool's
 * integration tests, and mend what they name.
 */
import { createRequire } from 'node:module';
import type { JWK } from 'jose';

export const PINNED_COGNITO_LOCAL_VERSION = '5.3.0';

/** Each private module the local pool (and the tests' token forging) needs, with the exports used. */
export const PRIVATE_MODULES = {
  'cognito-local/lib/errors': [
    'CognitoError',
    'NotAuthorizedError',
    'UserNotFoundError',
    'InvalidParameterError',
  ],
  'cognito-local/lib/server/Router': ['Router'],
  'cognito-local/lib/server/server': ['createServer'],
  'cognito-local/lib/services': ['DateClock', 'MessagesService'],
  'cognito-local/lib/services/cognitoService': ['CognitoServiceFactoryImpl'],
  'cognito-local/lib/services/userPoolService': ['UserPoolServiceFactoryImpl'],
  'cognito-local/lib/services/dataStore/stormDb': ['StormDBDataStoreFactory'],
  'cognito-local/lib/services/messageDelivery/messageDelivery': ['MessageDeliveryService'],
  'cognito-local/lib/services/tokenGenerator': ['JwtTokenGenerator'],
  'cognito-local/lib/services/otp': ['otp'],
  'cognito-local/lib/keys/cognitoLocal.public.json': ['jwk'],
  'cognito-local/lib/keys/cognitoLocal.private.json': ['jwk'],
} as const;

export type PrivateModule = keyof typeof PRIVATE_MODULES;

const require = createRequire(import.meta.url);

/** The installed cognito-local's version. */
export function installedCognitoLocalVersion(): string {
  return (require('cognito-local/package.json') as { version: string }).version;
}

/**
 * Loads one pinned private module, failing with what moved and what to do about it rather than
 * with a bare MODULE_NOT_FOUND or an undefined export deep in the local runtime.
 */
export function loadPrivate<T>(
  module: PrivateModule,
  exportsUsed: readonly string[] = PRIVATE_MODULES[module],
): T {
  const upgrade = `cognito-local ${installedCognitoLocalVersion()} is installed; scripts/local/cognito-local-internals.ts is pinned to ${PINNED_COGNITO_LOCAL_VERSION}`;
  let loaded: Record<string, unknown>;
  try {
    loaded = require(module) as Record<string, unknown>;
  } catch (error) {
    throw new Error(
      `${upgrade}, and its private module ${module} no longer loads: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const missing = exportsUsed.filter((name) => loaded[name] === undefined);
  if (missing.length > 0) {
    throw new Error(`${upgrade}, and its private module ${module} no longer exports ${missing.join(', ')}`);
  }
  return loaded as T;
}

type Errors = typeof import('cognito-local/lib/errors');
export const { CognitoError, NotAuthorizedError, UserNotFoundError, InvalidParameterError } =
  loadPrivate<Errors>('cognito-local/lib/errors');
export const { Router } = loadPrivate<typeof import('cognito-local/lib/server/Router')>(
  'cognito-local/lib/server/Router',
);
export const { createServer: createCognitoApp } = loadPrivate<
  typeof import('cognito-local/lib/server/server')
>('cognito-local/lib/server/server');
export const { DateClock, MessagesService } = loadPrivate<typeof import('cognito-local/lib/services')>(
  'cognito-local/lib/services',
);
export const { CognitoServiceFactoryImpl } = loadPrivate<
  typeof import('cognito-local/lib/services/cognitoService')
>('cognito-local/lib/services/cognitoService');
export const { UserPoolServiceFactoryImpl } = loadPrivate<
  typeof import('cognito-local/lib/services/userPoolService')
>('cognito-local/lib/services/userPoolService');
export const { StormDBDataStoreFactory } = loadPrivate<
  typeof import('cognito-local/lib/services/dataStore/stormDb')
>('cognito-local/lib/services/dataStore/stormDb');
export const { MessageDeliveryService } = loadPrivate<
  typeof import('cognito-local/lib/services/messageDelivery/messageDelivery')
>('cognito-local/lib/services/messageDelivery/messageDelivery');
export const { JwtTokenGenerator } = loadPrivate<typeof import('cognito-local/lib/services/tokenGenerator')>(
  'cognito-local/lib/services/tokenGenerator',
);
export const { otp } = loadPrivate<typeof import('cognito-local/lib/services/otp')>(
  'cognito-local/lib/services/otp',
);
/** The key cognito-local signs its tokens with (public half). */
export const signingKey = loadPrivate<{ jwk: JWK }>('cognito-local/lib/keys/cognitoLocal.public.json').jwk;

export type Services = import('cognito-local/lib/services').Services;
export type User = import('cognito-local/lib/services/userPoolService').User;
export type Context = import('cognito-local/lib/services/context').Context;
export type Message = import('cognito-local/lib/services/messages').Message;

/** cognito-local's HTTP layer wants its own pino logger; pino resolved from cognito-local itself. */
export const pino = createRequire(require.resolve('cognito-local'))('pino') as typeof import('pino').default;
