/**
 * Operator commands, against the local stack (a running `npm start`, found through
 * `$DATA_DIR/runtime.json`) or, with AWS credentials and `-c stage=NAME`, a deployed stage:
 *
 *   npm run admin -- show EMAIL
 *   npm run admin -- set-tier EMAIL starter|pro|elite|expired
 *   npm run admin -- disable EMAIL            (no more sign-ins; every token refused at once)
 *   npm run admin -- billing-catalog          (Stripe: create the plans' prices that are missing)
 *   npm run admin -- backfill-open-index      (index the open trades stored before `by_open` existed)
 *   npm run admin -- backfill-unsent-index    (index the untried deliveries stored before `by_unsent`)
 *
 * Options: `-c stage=NAME`; `--user-pool-id`, `--profiles-table`, `--trades-table`,
 * `--notifications-table` to name the resources instead of finding them (a deployed stage's pool by its app/stage tags, its tables by
 * the data stack's names).
 * The rules are the app's own (lambdas/profile/service.ts), through the profile repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  ListUserPoolsCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { priceCatalog } from '@shared/billing/catalog';
import { effectivePlan, trialDaysLeft } from '@shared/constants/plans';
import { subscriptionDisplay } from '@shared/profiles/subscription';
import { runtimeEnv, secrets } from '@shared/secrets';
import { tables } from '@shared/tables';
import { revocationsRepo, type RevocationsRepo } from '../lambdas/common/revocations';
import { profilesRepo, type ProfilesRepo } from '../lambdas/profile/repository';
import { adminSetTier, adminTiers, type AdminTier } from '../lambdas/profile/service';
import { backfillUnsentIndex } from '../lambdas/notifications/unsent-index-backfill';
import { backfillOpenIndex } from '../lambdas/trades/open-index-backfill';

const APP_NAME = 'edge-options';

export class UsageError extends Error {}

const COMMANDS = 'show, set-tier, disable, billing-catalog, backfill-open-index or backfill-unsent-index';
/** The commands over a whole table, with no EMAIL. */
const BACKFILLS = ['backfill-open-index', 'backfill-unsent-index'];

interface Target {
  where: string;
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  profiles: ProfilesRepo;
  revocations: RevocationsRepo;
  db: DynamoDBDocumentClient;
  tradesTable: string;
  /** Undefined when a stage's could not be found (only backfill-unsent-index needs it). */
  notificationsTable: string | undefined;
  close(): void;
}

interface Options {
  command: string;
  args: string[];
  stage?: string;
  userPoolId?: string;
  profilesTable?: string;
  tradesTable?: string;
  notificationsTable?: string;
  dataDir: string;
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Options {
  const rest: string[] = [];
  const options: Partial<Options> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '-c' || arg === '--context') {
      const [key, val] = value().split('=');
      if (key !== 'stage' || !val) throw new UsageError('Only -c stage=NAME is understood');
      options.stage = val;
    } else if (arg === '--user-pool-id') options.userPoolId = value();
    else if (arg === '--profiles-table') options.profilesTable = value();
    else if (arg === '--trades-table') options.tradesTable = value();
    else if (arg === '--notifications-table') options.notificationsTable = value();
    else rest.push(arg);
  }
  const [command, ...args] = rest;
  if (!command) throw new UsageError(`Name a command: ${COMMANDS}`);
  return { ...options, command, args, dataDir: resolve(env.DATA_DIR ?? '.data') } as Options;
}

/** The local stack `npm start` runs, from the endpoints it writes to its data dir. */
function localTarget(dataDir: string): Target {
  const file = resolve(dataDir, 'runtime.json');
  if (!existsSync(file))
    throw new UsageError(
      `No local stack is running for ${dataDir} (no runtime.json). Start it with npm start (DATA_DIR to pick another), or pass -c stage=NAME.`,
    );
  const runtime = JSON.parse(readFileSync(file, 'utf8')) as {
    dynamoEndpoint: string;
    cognitoEndpoint: string;
    userPoolId: string;
    region: string;
  };
  const common = { region: runtime.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const cognito = new CognitoIdentityProviderClient({ ...common, endpoint: runtime.cognitoEndpoint });
  const dynamo = new DynamoDBClient({ ...common, endpoint: runtime.dynamoEndpoint });
  const db = DynamoDBDocumentClient.from(dynamo);
  return {
    where: `local stack (${dataDir})`,
    cognito,
    userPoolId: runtime.userPoolId,
    profiles: profilesRepo(db, tables.profiles.id),
    revocations: revocationsRepo(db, () => tables.revocations.id),
    db,
    tradesTable: tables.trades.id,
    notificationsTable: tables.notifications.id,
    close: () => {
      cognito.destroy();
      dynamo.destroy();
    },
  };
}

/** A deployed stage: its pool found by the app/stage tags, its profiles table by the data stack's name. */
async function stageTarget(options: Options): Promise<Target> {
  const stage = options.stage!;
  const cognito = new CognitoIdentityProviderClient({});
  const dynamo = new DynamoDBClient({});
  let userPoolId = options.userPoolId;
  if (!userPoolId) {
    let token: string | undefined;
    do {
      const page = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken: token }));
      for (const pool of page.UserPools ?? []) {
        const { UserPool } = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: pool.Id }));
        if (UserPool?.UserPoolTags?.app === APP_NAME && UserPool.UserPoolTags.stage === stage)
          userPoolId = pool.Id;
      }
      token = page.NextToken;
    } while (token && !userPoolId);
  }
  /** The data stack's table of that id (its physical name starts with the stack's prefix). */
  const findTable = async (id: string) => {
    const prefix = `${APP_NAME}-${stage}-data-${id}`;
    let start: string | undefined;
    do {
      const page = await dynamo.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
      const found = page.TableNames?.find((name) => name.startsWith(prefix));
      if (found) return found;
      start = page.LastEvaluatedTableName;
    } while (start);
    return undefined;
  };
  const tableName = options.profilesTable ?? (await findTable(tables.profiles.id));
  const revocationsTable = await findTable(tables.revocations.id);
  const tradesTable = options.tradesTable ?? (await findTable(tables.trades.id));
  const notificationsTable = options.notificationsTable ?? (await findTable(tables.notifications.id));
  if (!userPoolId || !tableName || !revocationsTable || !tradesTable)
    throw new UsageError(
      `Could not find stage ${stage}'s ${userPoolId ? 'tables' : 'user pool'}; pass --user-pool-id, --profiles-table and --trades-table`,
    );
  const db = DynamoDBDocumentClient.from(dynamo);
  return {
    where: `stage ${stage} (${userPoolId}, ${tableName})`,
    cognito,
    userPoolId,
    profiles: profilesRepo(db, tableName),
    revocations: revocationsRepo(db, () => revocationsTable),
    db,
    tradesTable,
    notificationsTable,
    close: () => {
      cognito.destroy();
      dynamo.destroy();
    },
  };
}

async function signInAccount(target: Target, email: string) {
  try {
    const user = await target.cognito.send(
      new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: email }),
    );
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    return {
      userId: attribute('sub') ?? user.Username!,
      email: attribute('email') ?? email,
      createdAt: user.UserCreateDate ?? new Date(),
      status: user.UserStatus,
      enabled: user.Enabled,
      mfa: user.UserMFASettingList ?? [],
    };
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException')
      throw new UsageError(`No user signs in with ${email} on the ${target.where}`);
    throw error;
  }
}

async function show(target: Target, email: string, now = new Date()) {
  const account = await signInAccount(target, email);
  const profile = await target.profiles.get(account.userId);
  const holder = profile ?? { trial_end_date: null, subscription_tier: null };
  return {
    target: target.where,
    email: account.email,
    id: account.userId,
    signIn: {
      status: account.status,
      enabled: account.enabled,
      created_at: account.createdAt.toISOString(),
      mfa: account.mfa,
    },
    plan: profile ? effectivePlan(holder, now) : null,
    display: subscriptionDisplay(profile, now).label,
    trial_days_left: profile ? trialDaysLeft(holder, now) : null,
    profile: profile ?? null,
  };
}

async function setTier(target: Target, email: string, tier: string) {
  if (!(adminTiers as readonly string[]).includes(tier))
    throw new UsageError(`The tier must be one of ${adminTiers.join(', ')}, not "${tier}"`);
  const account = await signInAccount(target, email);
  await adminSetTier(target.profiles, account, tier as AdminTier);
  return show(target, email);
}

/**
 * An operator's disable: Cognito refuses sign-ins and refresh tokens (AdminDisableUser, then the
 * global sign-out), and the revocation makes the API refuse every token already issued, at once.
 */
async function disable(target: Target, email: string) {
  const account = await signInAccount(target, email);
  await target.cognito.send(new AdminDisableUserCommand({ UserPoolId: target.userPoolId, Username: email }));
  await target.cognito.send(
    new AdminUserGlobalSignOutCommand({ UserPoolId: target.userPoolId, Username: email }),
  );
  await target.revocations.revoke(account.userId, 'disabled');
  return show(target, email);
}

/** Creates the catalogue's products and prices that Stripe lacks (found by lookup key); idempotent. */
export async function billingCatalog(stripe: Stripe): Promise<{ created: string[]; present: string[] }> {
  const created: string[] = [];
  const present: string[] = [];
  const products = new Map<string, string>();
  for (const entry of priceCatalog) {
    const { data } = await stripe.prices.list({ lookup_keys: [entry.lookupKey], active: true });
    const existing = data[0];
    if (
      existing &&
      existing.unit_amount === entry.unitAmount &&
      existing.recurring?.interval === entry.period
    ) {
      present.push(entry.lookupKey);
      continue;
    }
    let product = products.get(entry.productName);
    if (!product) {
      product = (await stripe.products.create({ name: entry.productName })).id;
      products.set(entry.productName, product);
    }
    await stripe.prices.create({
      product,
      currency: 'usd',
      unit_amount: entry.unitAmount,
      recurring: { interval: entry.period },
      lookup_key: entry.lookupKey,
      // A wrong price keeps its history; the key moves to the right one.
      transfer_lookup_key: true,
    });
    created.push(entry.lookupKey);
  }
  return { created, present };
}

function stripeFromEnvironment(env: NodeJS.ProcessEnv): Stripe {
  const key = env[secrets.stripeSecretKey.localEnvVar];
  if (!key)
    throw new UsageError(`Set ${secrets.stripeSecretKey.localEnvVar} to the stage's Stripe secret key`);
  const apiUrl = env[runtimeEnv.stripeApiUrl];
  const url = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(
    key,
    url ? { host: url.hostname, port: url.port, protocol: url.protocol === 'https:' ? 'https' : 'http' } : {},
  );
}

export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<unknown> {
  const options = parseArgs(argv, env);
  if (options.command === 'billing-catalog') return billingCatalog(stripeFromEnvironment(env));
  const [email, tier] = options.args;
  const needsEmail = !BACKFILLS.includes(options.command);
  if (needsEmail && !email) throw new UsageError(`${options.command} needs an EMAIL`);
  const target = options.stage ? await stageTarget(options) : localTarget(options.dataDir);
  try {
    if (options.command === 'backfill-open-index')
      return { target: target.where, ...(await backfillOpenIndex(target.db, target.tradesTable)) };
    if (options.command === 'backfill-unsent-index') {
      if (!target.notificationsTable)
        throw new UsageError(`Could not find the notifications table; pass --notifications-table`);
      return { target: target.where, ...(await backfillUnsentIndex(target.db, target.notificationsTable)) };
    }
    if (!email) throw new UsageError(`${options.command} needs an EMAIL`);
    if (options.command === 'show') return await show(target, email);
    if (options.command === 'disable') return await disable(target, email);
    if (options.command === 'set-tier') {
      if (!tier) throw new UsageError(`set-tier needs a tier: ${adminTiers.join('|')}`);
      return await setTier(target, email, tier);
    }
    throw new UsageError(`Unknown command ${options.command}: use ${COMMANDS}`);
  } finally {
    target.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  try {
    console.log(JSON.stringify(await runAdmin(process.argv.slice(2)), null, 2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`admin: ${error.message}`);
    process.exit(2);
  }
}
