/**
 * The only file that speaks DynamoDB for notifications (table `notifications`, keyed by user):
 * rules (`rule#<id>`), deliveries (`delivery#<id>`, put once with a condition) and each rule's
 * count of deliveries per day (`cap#<rule>#<day>`). Every read and write names the user's
 * partition, so no user reaches another's rows; only the delivery job lists rules across users,
 * through the sparse `by_feed` index.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { emailSuppressionSchema, type EmailSuppression } from '@shared/notifications/mail-feedback';
import type { Notification, NotificationRule, RuleFeed } from '@shared/notifications/schemas';
import { openShardOf } from '@shared/trades/open-index';
import type { StoredPushSubscription } from './push';

/** A stored rule: the answer's fields, the owner and the webhook's signing secret. */
export interface StoredRule extends NotificationRule {
  userId: string;
  secret?: string;
}

export interface StoredNotification extends Notification {
  userId: string;
  /** A confirmation's e-mail, rendered when it was recorded (rule deliveries render at send time). */
  mail?: { subject: string; text: string };
}

export interface NotificationsRepo {
  listRules(userId: string): Promise<StoredRule[]>;
  getRule(userId: string, id: string): Promise<StoredRule | null>;
  putRule(rule: StoredRule): Promise<void>;
  /** Deletes the rule; false when the user has no such rule. */
  deleteRule(userId: string, id: string): Promise<boolean>;
  /** Every enabled rule on a feed, all users (the delivery job only). */
  rulesForFeed(feed: RuleFeed): Promise<StoredRule[]>;
  /**
   * Writes a delivery unless one with its id exists; true when written. `inLog: false` keeps it
   * out of the delivery log (a match sent in a digest: the digest is the log's line).
   */
  createNotification(
    notification: StoredNotification,
    expiresAt: number,
    options?: { inLog?: boolean },
  ): Promise<boolean>;
  getNotification(userId: string, id: string): Promise<StoredNotification | null>;
  updateNotification(
    userId: string,
    id: string,
    change: Pick<Notification, 'status' | 'attempts' | 'updatedAt'> & { detail?: string },
  ): Promise<void>;
  /**
   * Pending deliveries no worker has tried yet, last touched before `before` (index `by_unsent`),
   * oldest first, at most `limit`.
   */
  listUnsent(before: string, limit: number): Promise<StoredNotification[]>;
  /**
   * Takes an unsent delivery for a re-queue: sets `updatedAt` to `at` while it is still pending,
   * untried and last touched at `seen`; false when anything moved it since (a worker, another sweep).
   */
  claimUnsent(userId: string, id: string, seen: string, at: string): Promise<boolean>;
  /** The user's deliveries, newest first. */
  listNotifications(userId: string, limit: number): Promise<Notification[]>;
  capCount(userId: string, ruleId: string, day: string): Promise<number>;
  addToCap(userId: string, ruleId: string, day: string, expiresAt: number): Promise<void>;
  /** The user's browsers subscribed to push (`push#<id>`). */
  listPushSubscriptions(userId: string): Promise<StoredPushSubscription[]>;
  /** Stores a browser's subscription (the same endpoint replaces its own). */
  putPushSubscription(userId: string, subscription: StoredPushSubscription): Promise<void>;
  /** Removes one; false when the user has no such subscription. */
  deletePushSubscription(userId: string, id: string): Promise<boolean>;
  /** The tickers on the user's watchlist (table `watchlists`: the feeds job reads it for watchlist rules). */
  watchlist(userId: string): Promise<string[]>;
  /**
   * The tickers of the user's open journal positions (table `trades`, one query on the sparse
   * `by_open` index at the user's shard: the feeds job reads it for rules on the tickers held).
   */
  heldTickers(userId: string): Promise<string[]>;
  /**
   * The user's e-mail address, whether they take e-mail alerts and trade confirmations, and the
   * bounce or complaint that turned e-mail to that address off (null: none), or null without a profile.
   */
  mailTarget(userId: string): Promise<MailTarget | null>;
}

export interface MailTarget {
  email: string;
  emailAlerts: boolean;
  tradeConfirmations: boolean;
  suppressed: EmailSuppression | null;
}

const ruleKey = (id: string) => `rule#${id}`;
const deliveryKey = (id: string) => `delivery#${id}`;
const INTERNAL = ['user_id', 'sk', 'rule_feed', 'created_sk', 'expires_at', 'unsent'];
/** The `by_unsent` index's one partition. */
export const UNSENT = 'unsent';

function strip<T>(stored: Record<string, unknown>, drop: readonly string[] = INTERNAL): T {
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !drop.includes(key))) as T;
}

export function notificationsRepo(
  client: DynamoDBDocumentClient,
  tableName: () => string,
  profilesTable: () => string,
  watchlistsTable: () => string,
  tradesTable: () => string,
): NotificationsRepo {
  const queryAll = async (input: ConstructorParameters<typeof QueryCommand>[0]) => {
    const out: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
      out.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  };
  const toRule = (item: Record<string, unknown>): StoredRule => ({
    ...strip<StoredRule>(item),
    userId: item.user_id as string,
  });

  return {
    async listRules(userId) {
      const items = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'user_id = :u AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':u': userId, ':p': 'rule#' },
      });
      return items.map(toRule);
    },
    async getRule(userId, id) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName(), Key: { user_id: userId, sk: ruleKey(id) } }),
      );
      return Item ? toRule(Item) : null;
    },
    async putRule(rule) {
      const { userId, ...fields } = rule;
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...fields,
            user_id: userId,
            sk: ruleKey(rule.id),
            // Only enabled rules are in the delivery job's index.
            ...(rule.enabled ? { rule_feed: rule.condition.feed } : {}),
          },
        }),
      );
    },
    async deleteRule(userId, id) {
      const { Attributes } = await client.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { user_id: userId, sk: ruleKey(id) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes !== undefined;
    },
    async rulesForFeed(feed) {
      const items = await queryAll({
        TableName: tableName(),
        IndexName: 'by_feed',
        KeyConditionExpression: 'rule_feed = :f',
        ExpressionAttributeValues: { ':f': feed },
      });
      return items.map(toRule);
    },
    async createNotification(notification, expiresAt, options = {}) {
      const { userId, ...fields } = notification;
      const inLog = options.inLog ?? true;
      try {
        await client.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...fields,
              user_id: userId,
              sk: deliveryKey(notification.id),
              // The log's index is sparse: an item without `created_sk` is not listed.
              ...(inLog ? { created_sk: `${notification.createdAt}#${notification.id}` } : {}),
              // Until the worker's first attempt: the sweep's index (a lost queue message).
              ...(notification.status === 'pending' ? { unsent: UNSENT } : {}),
              expires_at: expiresAt,
            },
            ConditionExpression: 'attribute_not_exists(sk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async getNotification(userId, id) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName(), Key: { user_id: userId, sk: deliveryKey(id) } }),
      );
      return Item ? { ...strip<Notification>(Item), userId } : null;
    },
    async updateNotification(userId, id, change) {
      const detail = change.detail !== undefined;
      await client.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { user_id: userId, sk: deliveryKey(id) },
          // Any outcome means a worker (or the sweep's give-up) had it: out of the sweep's index.
          UpdateExpression: `SET #status = :s, attempts = :a, updatedAt = :u${detail ? ', detail = :d' : ''} REMOVE unsent${detail ? '' : ', detail'}`,
          ConditionExpression: 'attribute_exists(sk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':s': change.status,
            ':a': change.attempts,
            ':u': change.updatedAt,
            ...(detail ? { ':d': change.detail } : {}),
          },
        }),
      );
    },
    async listUnsent(before, limit) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'by_unsent',
          KeyConditionExpression: 'unsent = :p AND updatedAt < :b',
          ExpressionAttributeValues: { ':p': UNSENT, ':b': before },
          Limit: limit,
        }),
      );
      return (Items ?? []).map((item) => ({
        ...strip<StoredNotification>(item),
        userId: item.user_id as string,
      }));
    },
    async claimUnsent(userId, id, seen, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { user_id: userId, sk: deliveryKey(id) },
            UpdateExpression: 'SET updatedAt = :at',
            ConditionExpression:
              '#status = :pending AND attempts = :zero AND updatedAt = :seen AND unsent = :p',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':at': at,
              ':pending': 'pending',
              ':zero': 0,
              ':seen': seen,
              ':p': UNSENT,
            },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async listNotifications(userId, limit) {
      const { Items } = await client.send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'by_created_at',
          KeyConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (Items ?? []).map((item) => strip<Notification>(item, [...INTERNAL, 'mail']));
    },
    async capCount(userId, ruleId, day) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName(), Key: { user_id: userId, sk: `cap#${ruleId}#${day}` } }),
      );
      return (Item?.count as number | undefined) ?? 0;
    },
    async addToCap(userId, ruleId, day, expiresAt) {
      await client.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { user_id: userId, sk: `cap#${ruleId}#${day}` },
          UpdateExpression: 'ADD #count :one SET expires_at = :e',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':e': expiresAt },
        }),
      );
    },
    async listPushSubscriptions(userId) {
      const items = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'user_id = :u AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':u': userId, ':p': 'push#' },
      });
      return items.map((item) => strip<StoredPushSubscription>(item));
    },
    async putPushSubscription(userId, subscription) {
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...subscription, user_id: userId, sk: `push#${subscription.id}` },
        }),
      );
    },
    async deletePushSubscription(userId, id) {
      const { Attributes } = await client.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { user_id: userId, sk: `push#${id}` },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes !== undefined;
    },
    async watchlist(userId) {
      const items = await queryAll({
        TableName: watchlistsTable(),
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
        ProjectionExpression: 'ticker',
      });
      return items.map((item) => item.ticker as string);
    },
    async heldTickers(userId) {
      const items = await queryAll({
        TableName: tradesTable(),
        IndexName: 'by_open',
        KeyConditionExpression: 'open_shard = :shard AND user_id = :u',
        ExpressionAttributeValues: { ':shard': openShardOf(userId), ':u': userId },
        ProjectionExpression: 'ticker',
      });
      return [...new Set(items.map((item) => String(item.ticker).toUpperCase()))];
    },
    async mailTarget(userId) {
      const { Item } = await client.send(
        new GetCommand({
          TableName: profilesTable(),
          Key: { id: userId },
          ProjectionExpression: 'email, notification_prefs, email_suppression',
        }),
      );
      if (!Item || typeof Item.email !== 'string') return null;
      const prefs = Item.notification_prefs as
        { email_alerts?: boolean; trade_confirmations?: boolean } | undefined;
      // A mark for another address (the user changed theirs since) does not hold for this one.
      const mark = emailSuppressionSchema.safeParse(Item.email_suppression);
      const suppressed =
        mark.success && mark.data.address.toLowerCase() === Item.email.toLowerCase() ? mark.data : null;
      // Both preferences are on by default (spec 3), so a profile without them takes both.
      return {
        email: Item.email,
        emailAlerts: prefs?.email_alerts !== false,
        tradeConfirmations: prefs?.trade_confirmations !== false,
        suppressed,
      };
    },
  };
}
