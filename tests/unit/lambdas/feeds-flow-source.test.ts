/**
 * Market Alerts' options flow from Unusual Whales (FLOW_PROVIDER=unusualwhales), over in-memory
 * fetches of the recorded example (tests/fixtures/SOURCES.md): the window, the session, symbols
 * our universe knows, failures recorded for staleness, and the simulated default unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MarketAlert } from '@shared/feeds/schemas';
import { FeedProviderError, type FetchJson } from '@shared/providers/feeds/feed-providers';
import { UnusualWhalesFlow } from '../../../lambdas/feeds/flow-source';
import { memoryProviderStatusRepo } from '../../../lambdas/feeds/provider-status';
import { configuredRealFeeds, feedProviderOf } from '../../../lambdas/feeds/real-feeds';
import type { FeedsRepo } from '../../../lambdas/feeds/repository';

const recorded = JSON.parse(
  readFileSync(
    new URL('../../fixtures/providers/unusualwhales/flow-alerts.uw-openapi-example.json', import.meta.url),
    'utf8',
  ),
) as { data: Record<string, unknown>[] };
const BASE = 'http://uw.test';
const serve =
  (body: unknown, asked: string[] = []): FetchJson =>
  async (url) => {
    asked.push(url);
    return body;
  };
const at = (iso: string) => () => new Date(iso);

describe('UnusualWhalesFlow', () => {
  it('keeps the recorded alert a minute after it, asking from three minutes back', async () => {
    const asked: string[] = [];
    const flow = new UnusualWhalesFlow(BASE, serve(recorded, asked), at('2023-12-12T16:37:00Z'));
    const { items, failure } = await flow.fetch();
    expect([items.map((a) => a.id), failure]).toEqual([
      ['unusualwhales-MSFT231222C00375000-1702398952168'],
      null,
    ]);
    expect(asked[0]).toContain(`newer_than=${Date.parse('2023-12-12T16:34:00Z')}`);
  });

  it('drops alerts outside the window and on symbols the universe does not know (hand-written variant)', async () => {
    const late = new UnusualWhalesFlow(BASE, serve(recorded), at('2023-12-12T16:45:00Z'));
    expect((await late.fetch()).items).toEqual([]);
    const unknown = { data: [{ ...recorded.data[0], ticker: 'ZZZZ', option_chain: 'ZZZZ231222C00375000' }] };
    expect(
      (await new UnusualWhalesFlow(BASE, serve(unknown), at('2023-12-12T16:37:00Z')).fetch()).items,
    ).toEqual([]);
  });

  it('reads nothing while the market is shut, and records a failure with its reason', async () => {
    const asked: string[] = [];
    const status = memoryProviderStatusRepo();
    const stored: MarketAlert[] = [];
    const repo = {
      putItems: async (_f: string, items: MarketAlert[]) => void stored.push(...items),
    } as unknown as FeedsRepo;
    const shut = new UnusualWhalesFlow(BASE, serve(recorded, asked), at('2023-12-12T22:00:00Z'));
    expect(await shut.run(repo, status)).toEqual({ written: 0, failure: null });
    expect([asked, await status.get('alerts')]).toEqual([[], null]);

    const wall = 1_702_399_000_000;
    await new UnusualWhalesFlow(BASE, serve(recorded), at('2023-12-12T16:37:00Z'), () => wall).run(
      repo,
      status,
    );
    const down: FetchJson = async () => {
      throw new FeedProviderError('answered 429');
    };
    const failing = new UnusualWhalesFlow(BASE, down, at('2023-12-12T16:38:00Z'), () => wall + 60_000);
    expect(await failing.run(repo, status)).toEqual({ written: 0, failure: 'Unusual Whales answered 429' });
    expect(await status.get('alerts')).toMatchObject({
      provider: 'unusualwhales',
      lastSuccessAt: new Date(wall).toISOString(),
      failure: { reason: 'Unusual Whales answered 429' },
    });
    expect(stored).toHaveLength(1);
  });

  it('lets a fault of ours through', async () => {
    const broken: FetchJson = async () => {
      throw new TypeError('bug');
    };
    await expect(new UnusualWhalesFlow(BASE, broken, at('2023-12-12T16:37:00Z')).fetch()).rejects.toThrow(
      'bug',
    );
  });
});

describe('FLOW_PROVIDER', () => {
  it('is simulated by default, unusualwhales on request (the alerts feed’s source), anything else refused', () => {
    expect(feedProviderOf('alerts', {})).toBe('simulated');
    expect(feedProviderOf('alerts', { FLOW_PROVIDER: 'unusualwhales' })).toBe('unusualwhales');
    expect(
      Object.keys(configuredRealFeeds(memoryProviderStatusRepo(), { FLOW_PROVIDER: 'unusualwhales' })),
    ).toEqual(['alerts']);
    expect(() => feedProviderOf('alerts', { FLOW_PROVIDER: 'polygon' })).toThrow(
      /FLOW_PROVIDER must be simulated or unusualwhales/,
    );
  });
});
