/**
 * The only module that reaches into cognito-local's private modules. The local pool runs
 * cognito-local in-process (its services, router and HTTP app), which the package's entry does not
 * export, so this reads the `lib/` files below directly. They are not a public API: the adapter
 * is written against cognito-local 5.3.0, pinned exactly in package.json, and
 * tests/unit/local/cognito-local-adapter.test.ts fails when the locked version changes or a
 * module or export listed in COGNITO_LOCAL_PRIVATE_MODULES is gone. To upgrade: change the pin,
 * read what moved in those modules, update them here and COGNITO_LOCAL_VERSION, then run that
 * test and tests/integration/local-user-pool.test.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { JWK } from 'jose';

/** The cognito-local version this adapter was written against (package.json pins it exactly). */
export const COGNITO_LOCAL_VERSION = '5.3.0';

/** Every private module the adapter loads, with the exports it reads from it. */
export const COGNITO_LOCAL_PRIVATE_MODULES = {
  'cognito-local/lib/errors': [
    'CodeMismatchError',
    'CognitoError',
    'InvalidParameterError',
    'NotAuthorizedError',
    'UserNotFoundError',
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
  // The key pair cognito-local signs its tokens with: the public half to verify them, the
  // private half for tests that forge a token the pool would sign.
  'cognito-local/lib/keys/cognitoLocal.public.json': ['jwk'],
  'cognito-local/lib/keys/cognitoLocal.private.json': ['jwk'],
} as const;
type PrivateModule = keyof typeof COGNITO_LOCAL_PRIVATE_MODULES;

export type Services = import('cognito-local/lib/services').Services;
export type User = import('cognito-local/lib/services/userPoolService').User;
export type Context = import('cognito-local/lib/services/context').Context;
type Message = import('cognito-local/lib/services/messages').Message;
type RouterFunction = import('cognito-local/lib/server/Router').Router;
export type PostConfirmationRequest = Parameters<Services['triggers']['postConfirmation']>[1];

const require = createRequire(import.meta.url);

/** The installed cognito-local's version (from its own package.json). */
export function installedCognitoLocalVersion(): string {
  return (require('cognito-local/package.json') as { version: string }).version;
}

/** A private module, refused with the reason when it or an export the adapter reads is gone. */
function load<T>(path: PrivateModule): T {
  const written = `scripts/local/cognito-local-adapter.ts was written for cognito-local ${COGNITO_LOCAL_VERSION}, ${installedCognitoLocalVersion()} is installed`;
  let module: Record<string, unknown>;
  try {
    module = require(path) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${written}: ${path} cannot be loaded (${(error as Error).message})`, { cause: error });
  }
  const missing = COGNITO_LOCAL_PRIVATE_MODULES[path].filter((name) => !(name in module));
  if (missing.length > 0) throw new Error(`${written}: ${path} no longer exports ${missing.join(', ')}`);
  return module as T;
}

export const {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} = load<typeof import('cognito-local/lib/errors')>('cognito-local/lib/errors');
const { Router } = load<typeof import('cognito-local/lib/server/Router')>('cognito-local/lib/server/Router');
const { createServer: createCognitoApp } = load<typeof import('cognito-local/lib/server/server')>(
  'cognito-local/lib/server/server',
);
const { DateClock, MessagesService } = load<typeof import('cognito-local/lib/services')>(
  'cognito-local/lib/services',
);
const { CognitoServiceFactoryImpl } = load<typeof import('cognito-local/lib/services/cognitoService')>(
  'cognito-local/lib/services/cognitoService',
);
const { UserPoolServiceFactoryImpl } = load<typeof import('cognito-local/lib/services/userPoolService')>(
  'cognito-local/lib/services/userPoolService',
);
const { StormDBDataStoreFactory } = load<typeof import('cognito-local/lib/services/dataStore/stormDb')>(
  'cognito-local/lib/services/dataStore/stormDb',
);
const { MessageDeliveryService } = load<
  typeof import('cognito-local/lib/services/messageDelivery/messageDelivery')
>('cognito-local/lib/services/messageDelivery/messageDelivery');
const { JwtTokenGenerator } = load<typeof import('cognito-local/lib/services/tokenGenerator')>(
  'cognito-local/lib/services/tokenGenerator',
);
const { otp } = load<typeof import('cognito-local/lib/services/otp')>('cognito-local/lib/services/otp');

/** The public key of the pair cognito-local signs every token with. */
export const cognitoLocalPublicJwk = load<{ jwk: JWK }>(
  'cognito-local/lib/keys/cognitoLocal.public.json',
).jwk;

/** The private key cognito-local signs with (for tests that forge a token the pool would sign). */
export const cognitoLocalPrivateJwk = () =>
  load<{ jwk: JWK }>('cognito-local/lib/keys/cognitoLocal.private.json').jwk;

// cognito-local's HTTP layer wants its own pino logger; resolve pino from cognito-local itself.
const pino = createRequire(require.resolve('cognito-local'))('pino') as typeof import('pino').default;

/** A message cognito-local would send (a code by e-mail or SMS). */
export interface DeliveredMessage {
  to: string;
  username: string;
  code: string | undefined;
  subject: string;
}

export interface CognitoLocalOptions {
  /** Directory of the pool's StormDB files (must exist). */
  dbDir: string;
  host: string;
  /** pino's level for cognito-local's own log. */
  logLevel: string;
  /** Cognito's post-confirmation trigger; every other trigger is reported disabled. */
  postConfirmation: (request: PostConfirmationRequest) => Promise<void>;
  deliver: (message: DeliveredMessage) => void;
}

/**
 * cognito-local's services over a StormDB store in `dbDir`, its router (cognito-local's answer
 * for each target) and `application`, the HTTP app serving a router. Tokens name `tokenConfig`'s
 * issuer: set its `IssuerDomain` once the server's port is known.
 */
export async function createCognitoLocal(options: CognitoLocalOptions) {
  const logger = pino({ level: options.logLevel });
  const ctx: Context = { logger };
  const config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: `http://${options.host}:0` },
    KMSConfig: {},
    ServerConfig: { port: 0, hostname: options.host, development: false, https: false as const },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = {
    enabled: (trigger: string) => trigger === 'PostConfirmation',
    postConfirmation: (_ctx: Context, request: PostConfirmationRequest) => options.postConfirmation(request),
  } as unknown as Services['triggers'];
  const sender = {
    async sendEmail(_ctx: Context, user: User, destination: string, message: Message) {
      options.deliver({
        to: destination,
        username: user.Username,
        code: message.__code,
        subject: message.emailSubject ?? 'Your verification code',
      });
    },
    async sendSms(_ctx: Context, user: User, destination: string, message: Message) {
      options.deliver({ to: destination, username: user.Username, code: message.__code, subject: 'SMS' });
    },
  };
  const services: Services = {
    clock,
    cognito,
    config: config as unknown as Services['config'],
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig as never),
    triggers,
  };
  return {
    services,
    cognito,
    tokenConfig: config.TokenConfig,
    router: Router(services),
    /** cognito-local's HTTP app (the AWS JSON protocol) answering through `router`. */
    application: (router: RouterFunction) =>
      createCognitoApp(router, logger, config.ServerConfig, services).application as (
        req: IncomingMessage,
        res: ServerResponse,
      ) => void,
  };
}
