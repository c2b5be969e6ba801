/**
 * The account as a whole: its statistics, the export of every item the server holds for the
 * user, sign-out everywhere, turning MFA off, and deletion. Deletion needs a recent sign-in
 * (RECENT_SIGN_IN_MINUTES); it stores the account's revocation first (from then on every write
 * with its tokens is refused, in every container), cancels any subscription, deletes every item
 * in every user-data table and the contact messages sent from its address, then the Cognito
 * user, then sweeps the tables once more. A write that passed its session check just before the
 * revocation can still land after that sweep (up to API_TIMEOUT_SECONDS later): the
 * `sweepDeletedAccounts` job sweeps each deleted account once more after a minute. Each step can
 * run again: a deletion that failed half-way is finished by a re-run after signing in again.
 */
import { differenceInCalendarDays } from 'date-fns';
import { ACCOUNT_EXPORT_FORMAT, type AccountExport, type AccountStats } from '@shared/account/schemas';
import { LATE_SWEEP_AFTER_SECONDS, RECENT_SIGN_IN_MINUTES, signedInRecently } from '@shared/auth/sessions';
import { tables, type TableDefinition } from '@shared/tables';
import { tradeFiltersSchema } from '@shared/trades/schemas';
import { ReauthenticationRequiredError, ServiceUnavailableError, UnauthorizedError } from '../common/errors';
import type { Logger } from '../common/observability';
import type { RevocationsRepo } from '../common/revocations';
import type { BillingProvider } from '../billing/provider';
import type { ContactRepo } from '../contact/repository';
import type { IdentityPort } from '../profile/identity';
import type { ProfilesRepo } from '../profile/repository';
import { tradeStatistics, type JournalStore } from '../trades/service';
import type { SignInAdmin } from './identity';
import { IncompleteDeletionError, userDataTableKeys, type UserDataStore } from './repository';

export interface Caller {
  userId: string;
  accessToken: string | undefined;
  /** The token's `auth_time` (epoch seconds): when the user last signed in with a password (and code). */
  authTime?: number;
}

/** Refuses an action that needs a recent sign-in when the caller's is older. */
export function requireRecentSignIn(caller: Caller, now = new Date()): void {
  if (!signedInRecently(caller.authTime, now.getTime()))
    throw new ReauthenticationRequiredError(RECENT_SIGN_IN_MINUTES);
}

/** Confirms with Cognito that the caller's session is live (401 for a signed-out or deleted user). */
async function liveAccount(identity: IdentityPort, caller: Caller) {
  if (!caller.accessToken) throw new UnauthorizedError();
  return identity.accountOf(caller.accessToken);
}

export interface StatsDeps {
  profiles: ProfilesRepo;
  identity: Pick<IdentityPort, 'createdAt'>;
  journal: JournalStore;
  data: Pick<UserDataStore, 'questionsBetween'>;
}

export async function accountStats(deps: StatsDeps, userId: string, now = new Date()): Promise<AccountStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  // The account first: a deleted user's token (no profile, no Cognito user) is refused before
  // the journal statistics are computed, and so before they are cached.
  const profile = await deps.profiles.get(userId);
  const memberSince = profile ? new Date(profile.created_at) : await deps.identity.createdAt(userId);
  const [journal, questions] = await Promise.all([
    tradeStatistics(deps.journal, userId, tradeFiltersSchema.parse({}), now),
    deps.data.questionsBetween(userId, monthStart.toISOString(), now.toISOString()),
  ]);
  return {
    total_trades: journal.total_trades,
    closed_trades: journal.closed_trades,
    win_rate: journal.win_rate,
    ai_questions_this_month: questions,
    member_since: memberSince.toISOString(),
    member_days: Math.max(0, differenceInCalendarDays(now, memberSince)),
  };
}

export interface ExportDeps {
  identity: IdentityPort;
  data: Pick<UserDataStore, 'itemsOf'>;
  contact: Pick<ContactRepo, 'fromSender'>;
}

/** A table's items without the attributes the export leaves out (shared/src/tables.ts `exportOmits`). */
function withoutOmitted<T extends Record<string, unknown>>(
  key: (typeof userDataTableKeys)[number],
  items: T[],
): T[] {
  const omits = (tables[key] as TableDefinition).exportOmits ?? [];
  if (omits.length === 0) return items;
  return items.map(
    (item) => Object.fromEntries(Object.entries(item).filter(([name]) => !omits.includes(name))) as T,
  );
}

export async function exportAccount(
  deps: ExportDeps,
  caller: Caller,
  now = new Date(),
): Promise<AccountExport> {
  const account = await liveAccount(deps.identity, caller);
  const [createdAt, contactMessages, ...items] = await Promise.all([
    deps.identity.createdAt(caller.userId),
    deps.contact.fromSender(account.email),
    ...userDataTableKeys.map((key) => deps.data.itemsOf(key, caller.userId)),
  ]);
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: 1,
    exported_at: now.toISOString(),
    account: {
      id: caller.userId,
      email: account.email,
      created_at: createdAt.toISOString(),
      mfa: account.mfa,
    },
    tables: {
      ...Object.fromEntries(
        userDataTableKeys.map((key, i) => [tables[key].id, withoutOmitted(key, items[i]!)]),
      ),
      [tables.contactMessages.id]: contactMessages,
    },
  };
}

export interface DeletionDeps {
  identity: IdentityPort;
  profiles: ProfilesRepo;
  data: Pick<UserDataStore, 'deleteAllOf'>;
  billing: () => Promise<BillingProvider | null>;
  revocations: Pick<RevocationsRepo, 'revoke'>;
  contact: Pick<ContactRepo, 'deleteFromSender'>;
  /** Deletes the Cognito user; a user already gone counts as deleted. */
  deleteSignIn(userId: string): Promise<void>;
}

async function sweep(deps: DeletionDeps, userId: string): Promise<number> {
  const counts = await Promise.all(userDataTableKeys.map((key) => deps.data.deleteAllOf(key, userId)));
  return counts.reduce((sum, n) => sum + n, 0);
}

export async function deleteAccount(
  deps: DeletionDeps,
  caller: Caller,
  logger: Logger,
  now = new Date(),
): Promise<void> {
  requireRecentSignIn(caller, now);
  const account = await liveAccount(deps.identity, caller);
  const { userId } = caller;
  try {
    await deps.revocations.revoke(userId, 'deleted', now);
    const subscriptionId = (await deps.profiles.get(userId))?.billing?.subscription_id;
    if (subscriptionId) {
      const provider = await deps.billing();
      if (!provider)
        throw new Error(`Account ${userId} has subscription ${subscriptionId} but billing is not configured`);
      await provider.cancelSubscription(subscriptionId);
    }
    const items = await sweep(deps, userId);
    const messages = await deps.contact.deleteFromSender(account.email);
    await deps.deleteSignIn(userId);
    const late = await sweep(deps, userId);
    logger.info('account deleted', {
      userId,
      items: items + late,
      contactMessages: messages,
      cancelled: subscriptionId ?? null,
    });
  } catch (error) {
    // Never half an account silently: the failure is logged with the user, and the caller, who
    // can still sign in while the Cognito user exists, is told to run it again.
    logger.error('account deletion did not finish', {
      userId,
      error,
      incomplete: error instanceof IncompleteDeletionError,
    });
    throw new ServiceUnavailableError(
      'Your account could not be deleted completely. Nothing is lost by trying again: please retry.',
      5,
    );
  }
}

export interface SignOutDeps {
  signIns: Pick<SignInAdmin, 'signOutEverywhere'>;
  revocations: Pick<RevocationsRepo, 'revoke'>;
}

/**
 * Sign-out everywhere: Cognito's global sign-out first (no refresh token makes new tokens), then
 * the revocation (the API refuses every token issued until now, from this moment, in every
 * container). If the revocation fails after the sign-out, Cognito already refuses the tokens
 * (the session check asks it at least once a minute per container); the other way round, a
 * failure would leave a refresh token working.
 */
export async function signOutEverywhere(deps: SignOutDeps, userId: string): Promise<void> {
  await deps.signIns.signOutEverywhere(userId);
  await deps.revocations.revoke(userId, 'signed_out');
}

/** Turns TOTP two-factor authentication off, for a caller who signed in within the last minutes. */
export async function disableMfa(
  signIns: Pick<SignInAdmin, 'disableMfa'>,
  caller: Caller,
  now = new Date(),
): Promise<void> {
  requireRecentSignIn(caller, now);
  await signIns.disableMfa(caller.userId);
}

export interface SweepDeps {
  revocations: Pick<RevocationsRepo, 'unsweptDeletions' | 'markSwept'>;
  data: Pick<UserDataStore, 'deleteAllOf'>;
}

/**
 * The late sweep: every account deleted over LATE_SWEEP_AFTER_SECONDS ago and not yet swept
 * again loses whatever a write that raced its deletion left; its revocation is marked swept.
 */
export async function sweepDeletedAccounts(deps: SweepDeps, logger: Logger, now = new Date()) {
  const due = await deps.revocations.unsweptDeletions(
    Math.floor(now.getTime() / 1000) - LATE_SWEEP_AFTER_SECONDS,
  );
  for (const { user_id: userId } of due) {
    const counts = await Promise.all(userDataTableKeys.map((key) => deps.data.deleteAllOf(key, userId)));
    const items = counts.reduce((sum, n) => sum + n, 0);
    await deps.revocations.markSwept(userId, now);
    (items > 0 ? logger.warn : logger.info)('deleted account swept again', { userId, items });
  }
  return { swept: due.length };
}
