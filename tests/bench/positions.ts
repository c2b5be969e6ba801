/**
 * Marking open positions (the journal issue, item 2): 1,000 users with 10 open legs each (two
 * iron condors and a vertical, 10,000 legs) and 30 closed trades each, in dynalite; every user's
 * GET /api/positions service run once for one market minute, as the journal and dashboard poll
 * it, then again for the next minute. Reported: the time for all 1,000 users, per user, and the
 * DynamoDB requests, items read and read units (as dynalite reports ConsumedCapacity).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateChain } from '@shared/options/chain';
import type { TradeLeg } from '@shared/trades/schemas';
import { ensureTables, startDynamo } from '../../scripts/local/dynamo';

const USERS = 1_000;
const CLOSED_PER_USER = 30;
const TICKERS = ['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA', 'AMD', 'MSFT', 'META', 'AMZN', 'IWM'];
/** Wednesday 25 November 2026, 10:30 New York: in session. */
const MINUTE = new Date('2026-11-25T15:30:00.000Z');

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** Listed strikes of each ticker's third expiration around the money, so every leg marks from a quote. */
function positionsOf(
  ticker: string,
): { side: 'debit' | 'credit'; entry: number; strategy: string; legs: TradeLeg[] }[] {
  const chain = generateChain(ticker, MINUTE);
  const e = 2;
  const expiration = chain.expirations[e]!;
  const start = chain.expirationStart[e]!;
  const strike = (j: number) => chain.strike[start + j * 2]!;
  const leg = (kind: 'call' | 'put', side: 'long' | 'short', j: number): TradeLeg => ({
    kind,
    side,
    quantity: 1,
    strike: strike(j),
    expiration,
    premium: 0,
  });
  const condor = (w: number) => [
    leg('put', 'long', 20 - 2 * w),
    leg('put', 'short', 20 - w),
    leg('call', 'short', 20 + w),
    leg('call', 'long', 20 + 2 * w),
  ];
  return [
    { side: 'credit', entry: 1.2, strategy: 'Iron Condor', legs: condor(3) },
    { side: 'credit', entry: 0.8, strategy: 'Iron Condor', legs: condor(5) },
    {
      side: 'debit',
      entry: 2,
      strategy: 'Bull Call Spread',
      legs: [leg('call', 'long', 20), leg('call', 'short', 22)],
    },
  ];
}

export async function runPositionsBench(): Promise<void> {
  const dynamo = await startDynamo({}, () => {});
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const base = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'local', credentials });
  const counts = { requests: 0, items: 0, open: 0, capacity: 0, capacityReported: 0 };
  base.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      const reading = context.commandName === 'QueryCommand';
      if (reading) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (reading) {
        const output = result.output as {
          Count?: number;
          ScannedCount?: number;
          ConsumedCapacity?: { CapacityUnits?: number };
        };
        counts.requests += 1;
        // Read (and paid for) before the open-trade filter, and kept by it.
        counts.items += output.ScannedCount ?? 0;
        counts.open += output.Count ?? 0;
        if (output.ConsumedCapacity?.CapacityUnits !== undefined) {
          counts.capacity += output.ConsumedCapacity.CapacityUnits;
          counts.capacityReported += 1;
        }
      }
      return result;
    },
    { step: 'initialize' },
  );
  try {
    await ensureTables(base);
    const client = DynamoDBDocumentClient.from(base);
    const templates = new Map(TICKERS.map((ticker) => [ticker, positionsOf(ticker)]));
    const items: Record<string, unknown>[] = [];
    for (let u = 0; u < USERS; u += 1) {
      const user = `bench-user-${u}`;
      const ticker = TICKERS[u % TICKERS.length]!;
      const opened = '2026-11-10T15:00:00.000Z';
      const row = (id: string, extra: Record<string, unknown>) => ({
        user_id: user,
        trade_id: id,
        ticker,
        strategy: 'Iron Condor',
        side: 'credit',
        quantity: 1,
        entry_price: 1,
        exit_price: null,
        fees: 0,
        notes: '',
        tags: [],
        tag_keys: [],
        source: 'scanner',
        source_ref: null,
        legs: null,
        edge_score: null,
        expected_return: null,
        opened_at: opened,
        closed_at: null,
        created_at: opened,
        updated_at: opened,
        opened_sk: `${opened}#${id}`,
        ...extra,
      });
      templates.get(ticker)!.forEach((position, p) =>
        items.push(
          row(`open-${p}`, {
            strategy: position.strategy,
            side: position.side,
            entry_price: position.entry,
            legs: position.legs,
          }),
        ),
      );
      for (let c = 0; c < CLOSED_PER_USER; c += 1)
        items.push(row(`closed-${c}`, { exit_price: 0.5, closed_at: '2026-11-12T15:00:00.000Z' }));
    }
    for (let i = 0; i < items.length; i += 25)
      await client.send(
        new BatchWriteCommand({
          RequestItems: { trades: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );

    const { tradesRepo } = await import('../../lambdas/trades/repository');
    const { statsCache } = await import('../../lambdas/trades/stats-cache');
    const { markedPositions } = await import('../../lambdas/positions/service');
    const deps = {
      journal: { trades: tradesRepo(client, 'trades'), cache: statsCache(client, () => 'journal_cache') },
      chains: null,
    };
    console.log(
      `Open positions marked on read: ${USERS.toLocaleString('en-US')} users × 10 open legs (${(USERS * 10).toLocaleString('en-US')} legs; ${CLOSED_PER_USER} closed trades each), dynalite in memory, the service in-process:`,
    );
    for (const [label, at] of [
      ['minute 1 (chains of 10 tickers built)', MINUTE],
      ['minute 2 (the next minute, built again)', new Date(MINUTE.getTime() + 60_000)],
    ] as const) {
      Object.assign(counts, { requests: 0, items: 0, open: 0, capacity: 0, capacityReported: 0 });
      const perUser: number[] = [];
      let legs = 0;
      const started = performance.now();
      for (let u = 0; u < USERS; u += 1) {
        const t = performance.now();
        const answer = await markedPositions(deps, `bench-user-${u}`, at);
        perUser.push(performance.now() - t);
        legs += answer.positions.reduce((sum, p) => sum + p.legs.length, 0);
        if (answer.positions.some((p) => p.legs.some((l) => l.marked_by !== 'quote')))
          throw new Error('a bench leg was not marked from a quote');
      }
      const totalMs = performance.now() - started;
      if (legs !== USERS * 10) throw new Error(`marked ${legs} legs, not ${USERS * 10}`);
      const capacity =
        counts.capacityReported === counts.requests
          ? `${counts.capacity.toFixed(1)} read units`
          : 'read units not reported';
      console.log(
        `  ${label}: all users ${(totalMs / 1000).toFixed(2)} s; per user p50 ${percentile(perUser, 50).toFixed(1)} ms, p90 ${percentile(perUser, 90).toFixed(1)} ms; ${counts.requests} Query requests, ${counts.items.toLocaleString('en-US')} items read (${counts.open.toLocaleString('en-US')} open), ${capacity}`,
      );
    }
    const cpu = cpus();
    console.log(
      `  machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    base.destroy();
    await dynamo.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPositionsBench();
