/**
 * The account as a whole: its statistics, the export of every item the server holds for the
 * user, and deletion. Deletion cancels any subscription, deletes every item in every user-data
 * table, then the Cognito user, then sweeps the tables once more (for anything written while it
 * ran). Each step can run again, so a deletion that failed half-way is finished by a re-run:
 * until the Cognito user is gone the caller can sign in and ask again.
 */
import { differenceInCalendarDays } from 'date-fns';
import { ACCOUNT_EXPORT_FORMAT, type AccountExport, type AccountStats } from '@shared/account/schemas';
import { tables } from '@shared/tables';
import { tradeFiltersSchema } from '@shared/trades/schemas';
import { ServiceUnavailableError, UnauthorizedError } from '../common/errors';
import type { Logger } from '../common/observability';
import type { BillingProvider } from '../billing/provider';
import type { IdentityPort } from '../profile/identity';
import type { ProfilesRepo } from '../profile/repository';
import { tradeStatistics, type JournalStore } from '../trades/service';
import { IncompleteDeletionError, userDataTableKeys, type UserDataStore } from './repository';

export interface Caller {
  userId: string;
  accessToken: string | undefined;
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
}

export async function exportAccount(
  deps: ExportDeps,
  caller: Caller,
  now = new Date(),
): Promise<AccountExport> {
  const account = await liveAccount(deps.identity, caller);
  const [createdAt, ...items] = await Promise.all([
    deps.identity.createdAt(caller.userId),
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
    tables: Object.fromEntries(userDataTableKeys.map((key, i) => [tables[key].id, items[i]!])),
  };
}

export interface DeletionDeps {
  identity: IdentityPort;
  profiles: ProfilesRepo;
  data: Pick<UserDataStore, 'deleteAllOf'>;
  billing: () => Promise<BillingProvider | null>;
  /** Deletes the Cognito user; a user already gone counts as deleted. */
  deleteSignIn(userId: string): Promise<void>;
}

async function sweep(deps: DeletionDeps, userId: string): Promise<number> {
  const counts = await Promise.all(userDataTableKeys.map((key) => deps.data.deleteAllOf(key, userId)));
  return counts.reduce((sum, n) => sum + n, 0);
}

export async function deleteAccount(deps: DeletionDeps, caller: Caller, logger: Logger): Promise<void> {
  await liveAccount(deps.identity, caller);
  const { userId } = caller;
  try {
    const subscriptionId = (await deps.profiles.get(userId))?.billing?.subscription_id;
    if (subscriptionId) {
      const provider = await deps.billing();
      if (!provider)
        throw new Error(`Account ${userId} has subscription ${subscriptionId} but billing is not configured`);
      await provider.cancelSubscription(subscriptionId);
    }
    const items = await sweep(deps, userId);
    await deps.deleteSignIn(userId);
    const late = await sweep(deps, userId);
    logger.info('account deleted', { userId, items: items + late, cancelled: subscriptionId ?? null });
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
