/**
 * How each real provider's last runs of a feed went, kept in the feeds table beside the items
 * (partition `provider#<feed>`, which no feed query reads): when it last answered and, when its
 * latest run failed, when and why. The API marks a feed's items stale from it.
 */
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedName } from '@shared/feeds/schemas';
import type { FeedProviderName, FeedStale } from '@shared/providers/feeds/feed-providers';

export interface ProviderStatus {
  provider: FeedProviderName;
  /** Wall-clock instant of the latest run in which the provider answered. */
  lastSuccessAt: string | null;
  /** The latest run's failure, or null when it answered. */
  failure: { at: string; reason: string } | null;
}

export interface ProviderStatusRepo {
  get(feed: FeedName): Promise<ProviderStatus | null>;
  put(feed: FeedName, status: ProviderStatus): Promise<void>;
}

/** A status row outlives any item it speaks for (items live a day). */
const STATUS_TTL_SECONDS = 7 * 24 * 60 * 60;
const partition = (feed: FeedName) => `provider#${feed}`;

export function providerStatusRepo(client: DynamoDBDocumentClient, tableName: string): ProviderStatusRepo {
  return {
    async get(feed) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: { feed: partition(feed), sk: 'status' } }),
      );
      if (!Item) return null;
      return {
        provider: Item.provider as FeedProviderName,
        lastSuccessAt: (Item.lastSuccessAt as string | undefined) ?? null,
        failure: (Item.failure as ProviderStatus['failure'] | undefined) ?? null,
      };
    },
    async put(feed, status) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            feed: partition(feed),
            sk: 'status',
            ...status,
            expires_at: Math.floor(Date.now() / 1000) + STATUS_TTL_SECONDS,
          },
        }),
      );
    },
  };
}

/** In memory, for the tests and the benches. */
export function memoryProviderStatusRepo(): ProviderStatusRepo {
  const rows = new Map<FeedName, ProviderStatus>();
  return {
    get: async (feed) => rows.get(feed) ?? null,
    put: async (feed, status) => void rows.set(feed, status),
  };
}

/** Stale when the latest run failed: its reason, and the age of the items of the last run that answered. */
export function staleOf(status: ProviderStatus | null, wallNow: number): FeedStale | null {
  if (!status?.failure) return null;
  const since = status.lastSuccessAt ? Date.parse(status.lastSuccessAt) : wallNow;
  return { reason: status.failure.reason, ageSeconds: Math.max(0, Math.floor((wallNow - since) / 1000)) };
}
