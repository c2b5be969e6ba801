/** The feeds service over an in-memory repository: what readers see, plans, dismissals, the read cache, the day's count. */
import { describe, expect, it, vi } from 'vitest';
import { feedItemsBetween } from '@shared/feeds/generate';
import { feedQuerySchemas, type AnyFeedItem, type FeedName, type FeedQuery } from '@shared/feeds/schemas';
import { NotFoundError } from '../../../lambdas/common/errors';
import { withReadCache, type DismissalsRepo, type FeedsRepo } from '../../../lambdas/feeds/repository';
import { dismissTrendAlert, newYorkDay, readFeed, runFeedGenerators } from '../../../lambdas/feeds/service';

const NOW = new Date('2026-11-23T16:00:00.000Z');

function memoryRepos() {
  const stored = new Map<string, AnyFeedItem[]>();
  const daily = new Map<string, { count: number; through: string }>();
  const dismissed = new Map<string, { id: string; dismissed_at: string }[]>();
  const feeds: FeedsRepo = {
    keysBeyond: async () => [],
    deleteKeys: async () => undefined,
    newestTimestamp: async (feed) => stored.get(feed)?.[0]?.timestamp ?? null,
    putItems: async (feed, items) => {
      const all = [...(stored.get(feed) ?? []), ...items];
      const unique = new Map(all.map((item) => [item.id, item]));
      stored.set(
        feed,
        [...unique.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp)),
      );
    },
    items: async (feed) => stored.get(feed) ?? [],
    addToDailyCount: async (day, count, first, through) => {
      const current = daily.get(day);
      if (current && current.through >= first) return;
      daily.set(day, { count: (current?.count ?? 0) + count, through });
    },
    dailyCount: async (day) => daily.get(day) ?? null,
  };
  const dismissals: DismissalsRepo = {
    dismiss: async (userId, _feed, id, at) => {
      dismissed.set(userId, [...(dismissed.get(userId) ?? []), { id, dismissed_at: at }]);
      return { id, dismissed_at: at };
    },
    list: async (userId) => dismissed.get(userId) ?? [],
  };
  return { feeds, dismissals, stored, daily };
}

const query = <F extends FeedName>(feed: F, raw: Record<string, string> = {}) =>
  feedQuerySchemas[feed].parse(raw) as FeedQuery<F>;

describe('readFeed', () => {
  it('shows only items whose time has come', async () => {
    const repos = memoryRepos();
    await runFeedGenerators(repos.feeds, NOW);
    const stored = repos.stored.get('darkpool')!;
    expect(stored.some((item) => item.timestamp > NOW.toISOString())).toBe(true);
    const { items } = await readFeed(repos, 'trial', 'u1', 'darkpool', query('darkpool'), NOW);
    expect(items.map((i) => i.id)).toEqual(
      stored.filter((i) => i.timestamp <= NOW.toISOString()).map((i) => i.id),
    );
  });

  it('refuses Starter the dark pool and an expired trial every feed, with plan_limit', async () => {
    const repos = memoryRepos();
    await expect(readFeed(repos, 'starter', 'u1', 'darkpool', query('darkpool'), NOW)).rejects.toMatchObject({
      code: 'plan_limit',
    });
    await expect(readFeed(repos, 'starter', 'u1', 'alerts', query('alerts'), NOW)).resolves.toBeDefined();
    for (const feed of ['alerts', 'darkpool', 'chatter', 'trends'] as const)
      await expect(readFeed(repos, 'expired', 'u1', feed, query(feed), NOW)).rejects.toMatchObject({
        code: 'plan_limit',
      });
  });

  it('hides a user’s dismissed trend alerts from that user only', async () => {
    const repos = memoryRepos();
    await runFeedGenerators(repos.feeds, NOW);
    const [first] = (await readFeed(repos, 'trial', 'u1', 'trends', query('trends'), NOW)).items;
    await dismissTrendAlert(repos, 'trial', 'u1', first!.id, NOW);
    const mine = await readFeed(repos, 'trial', 'u1', 'trends', query('trends'), NOW);
    expect(mine.items.map((i) => i.id)).not.toContain(first!.id);
    const withDismissed = await readFeed(
      repos,
      'trial',
      'u1',
      'trends',
      query('trends', { includeDismissed: 'true' }),
      NOW,
    );
    expect(withDismissed.items.find((i) => i.id === first!.id)).toMatchObject({
      isActive: false,
      dismissedAt: NOW.toISOString(),
    });
    const theirs = await readFeed(repos, 'trial', 'u2', 'trends', query('trends'), NOW);
    expect(theirs.items.map((i) => i.id)).toContain(first!.id);
    await expect(dismissTrendAlert(repos, 'trial', 'u1', 'ta-nope', NOW)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('counts today’s alerts from the runs’ tally, less those not yet due', async () => {
    const repos = memoryRepos();
    await runFeedGenerators(repos.feeds, NOW);
    const stored = repos.stored.get('alerts')!;
    const due = stored.filter((a) => a.timestamp <= NOW.toISOString()).length;
    const { todayCount } = await readFeed(repos, 'trial', 'u1', 'alerts', query('alerts'), NOW);
    expect(todayCount).toBe(due);
    // A second run at the same instant adds nothing to the tally.
    await runFeedGenerators(repos.feeds, NOW);
    expect((await readFeed(repos, 'trial', 'u1', 'alerts', query('alerts'), NOW)).todayCount).toBe(due);
  });

  it('filters every feed by ticker, never inventing items for it, and says why a page is empty', async () => {
    const repos = memoryRepos();
    const flows = feedItemsBetween('darkpool', NOW.getTime() - 10 * 60_000, NOW.getTime());
    await repos.feeds.putItems('darkpool', flows, () => 0);
    const ticker = flows[0]!.ticker;
    const filtered = await readFeed(repos, 'trial', 'u1', 'darkpool', query('darkpool', { ticker }), NOW);
    expect(filtered.items.length).toBe(flows.filter((f) => f.ticker === ticker).length);
    expect(filtered.items.every((f) => f.ticker === ticker)).toBe(true);
    expect(
      filtered.items.every((f) => flows.some((stored) => stored.id === f.id && stored.price === f.price)),
    ).toBe(true);
    expect(filtered.notice).toBeNull();
    const absent = ['PLTR', 'TSLA', 'NVDA', 'SPY', 'AAPL'].find((s) => !flows.some((f) => f.ticker === s))!;
    const none = await readFeed(repos, 'trial', 'u1', 'darkpool', query('darkpool', { ticker: absent }), NOW);
    expect(none.items).toEqual([]);
    expect(none.notice).toBe(`No dark pool prints for ${absent} in the feed right now.`);
    const unknown = await readFeed(
      repos,
      'trial',
      'u1',
      'darkpool',
      query('darkpool', { ticker: 'ZZZZ' }),
      NOW,
    );
    expect(unknown.notice).toBe('No dark pool prints for ZZZZ: it is not a symbol the market knows.');
  });

  it('tells the market status, and on a holiday says the market is closed when a trading feed is empty', async () => {
    const holiday = new Date('2026-11-26T22:30:00Z');
    const repos = memoryRepos();
    const answer = await readFeed(repos, 'trial', 'u1', 'alerts', query('alerts'), holiday);
    expect(answer.market).toEqual({ isOpen: false, nextOpen: '2026-11-27T14:30:00.000Z', closesAt: null });
    expect(answer.notice).toBe('Market closed: no market alerts until the next open.');
  });
});

describe('withReadCache', () => {
  it('shares one read within the window, concurrent readers included, and reads again after it', async () => {
    const repos = memoryRepos();
    await runFeedGenerators(repos.feeds, NOW);
    const items = vi.spyOn(repos.feeds, 'items');
    let clock = 0;
    const cached = withReadCache(repos.feeds, { freshMs: 2000, now: () => clock });
    await Promise.all([cached.items('alerts'), cached.items('alerts'), cached.items('alerts')]);
    clock = 1999;
    await cached.items('alerts');
    expect(items).toHaveBeenCalledTimes(1);
    clock = 2000;
    await cached.items('alerts');
    expect(items).toHaveBeenCalledTimes(2);
    await cached.items('trends');
    expect(items).toHaveBeenCalledTimes(3);
  });

  it('does not keep a failed read', async () => {
    const repos = memoryRepos();
    const items = vi.spyOn(repos.feeds, 'items').mockRejectedValueOnce(new Error('throttled'));
    const cached = withReadCache(repos.feeds, { freshMs: 2000, now: () => 0 });
    await expect(cached.items('alerts')).rejects.toThrow('throttled');
    await expect(cached.items('alerts')).resolves.toEqual([]);
    expect(items).toHaveBeenCalledTimes(2);
  });

  describe('past the window', () => {
    const start = NOW.getTime();
    async function setUp() {
      const repos = memoryRepos();
      await runFeedGenerators(repos.feeds, NOW);
      let clock = start;
      const cached = withReadCache(repos.feeds, { freshMs: 10_000, staleMs: 20_000, now: () => clock });
      const first = await cached.items('darkpool');
      const items = vi.spyOn(repos.feeds, 'items');
      // A later run's items: the reads after the window must come to show them.
      await runFeedGenerators(repos.feeds, new Date(start + 60_000));
      return { repos, cached, first, items, at: (ms: number) => (clock = start + ms) };
    }

    it('answers at once from the last read while one new read runs, then from the new read', async () => {
      const { cached, first, items, at } = await setUp();
      at(9_999);
      expect(await cached.items('darkpool')).toBe(first);
      expect(items).not.toHaveBeenCalled();
      at(19_999);
      const [a, b] = await Promise.all([cached.items('darkpool'), cached.items('darkpool')]);
      expect(a).toBe(first);
      expect(b).toBe(first);
      expect(items).toHaveBeenCalledTimes(1);
      await expect.poll(() => cached.items('darkpool')).not.toBe(first);
      expect((await cached.items('darkpool')).length).toBeGreaterThan(first.length);
      expect(items).toHaveBeenCalledTimes(1);
    });

    it('waits for a new read once the last one is too old', async () => {
      const { cached, first, items, at } = await setUp();
      at(20_000);
      const answer = await cached.items('darkpool');
      expect(answer).not.toBe(first);
      expect(answer.length).toBeGreaterThan(first.length);
      expect(items).toHaveBeenCalledTimes(1);
    });

    it('never answers from a read of an empty feed', async () => {
      const repos = memoryRepos();
      let clock = start;
      const cached = withReadCache(repos.feeds, { freshMs: 10_000, staleMs: 20_000, now: () => clock });
      expect(await cached.items('alerts')).toEqual([]);
      await runFeedGenerators(repos.feeds, NOW);
      // Within the fresh window too: the first run's items show at once.
      clock += 1;
      expect((await cached.items('alerts')).length).toBeGreaterThan(0);
    });

    it('keeps the day’s count the same way', async () => {
      const { repos, cached, at } = await setUp();
      const daily = vi.spyOn(repos.feeds, 'dailyCount');
      const day = newYorkDay(NOW.toISOString());
      const first = await cached.dailyCount(day);
      await repos.feeds.addToDailyCount(day, 1, '9999', '9999', 0); // another run's alert
      at(15_000);
      expect(await cached.dailyCount(day)).toBe(first);
      await expect.poll(() => daily.mock.results.length).toBe(2); // the new read, begun at 15 s
      await daily.mock.results[1]!.value;
      at(24_999);
      expect(await cached.dailyCount(day)).toEqual({ count: first!.count + 1, through: '9999' });
      expect(daily).toHaveBeenCalledTimes(2);
    });
  });
});
