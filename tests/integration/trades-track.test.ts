/**
 * Track from a scan, end to end through the local API and dynalite: the trade stored is the
 * position the scanner showed (strategy, every leg, the net fill, the edge score and expected
 * return), and the journal's edge score is the one recorded.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanResponseSchema } from '@shared/options/response-schemas';
import { apiPath } from '@shared/routes';
import { tradeSchema, tradeStatsSchema } from '@shared/trades/schemas';
import { scanRowPrefill } from '@shared/trades/track-scan';
import { prefillTracking } from '../../frontend/src/features/journal/hooks/use-journal-prefill';
import { api, createUser, documentClient, type TestUser } from '../helpers/local-stack';

let trader: TestUser;

beforeAll(async () => {
  trader = await createUser('journal-track');
});

describe('Track from a scan', () => {
  it('stores the iron condor the dialog showed: 4 legs, the net credit, its edge score', async () => {
    const scanned = await api(apiPath('scanOptions'), {
      method: 'POST',
      token: trader.accessToken,
      body: { strategy: 'iron-condor', ivRank: 0 },
    });
    expect(scanned.status, scanned.text).toBe(200);
    const scan = scanResponseSchema.parse(scanned.json);
    const row = scan.results[0]!;
    expect(row.strategy).toBe('iron-condor');
    const prefill = scanRowPrefill(row, scan.source);

    // What Add Trade sends when the trader saves the form as filled.
    const created = await api(apiPath('createTrade'), {
      method: 'POST',
      token: trader.accessToken,
      body: {
        ticker: prefill.ticker,
        strategy: prefill.strategy,
        side: prefill.side,
        quantity: prefill.quantity,
        entry_price: prefill.entry_price,
        notes: prefill.notes,
        ...prefillTracking(prefill),
      },
    });
    expect(created.status, created.text).toBe(201);
    const trade = tradeSchema.parse(created.json);

    const stored = await documentClient().send(
      new GetCommand({
        TableName: 'trades',
        Key: { user_id: String(decodeJwt(trader.accessToken).sub), trade_id: trade.trade_id },
      }),
    );
    const item = stored.Item!;
    expect(item.strategy).toBe('Iron Condor');
    expect(item.side).toBe('credit');
    expect(item.entry_price).toBe(Math.round(Math.abs(row.netPrice) * 100) / 100);
    expect(item.legs).toHaveLength(4);
    expect(item.legs).toEqual(
      row.position.legs.map((leg) => ({
        kind: leg.kind,
        side: leg.side,
        quantity: leg.quantity,
        strike: leg.strike,
        expiration: leg.expiration,
        premium: Math.round(leg.premium * 10_000) / 10_000,
      })),
    );
    expect(item.edge_score).toBe(row.edgeScore);
    expect(item.expected_return).toBeCloseTo(row.expectedReturn, 4);
    expect(item.source).toBe('scanner');
    expect(item.source_ref).toBe(prefill.source_ref);

    const statsResponse = await api(apiPath('getTradeStats', {}, { tz: 'America/New_York' }), {
      token: trader.accessToken,
    });
    const stats = tradeStatsSchema.parse(statsResponse.json);
    expect(stats.tracked_edge_score).toBe(Math.round(row.edgeScore * 10) / 10);
    expect(stats.tracked_edge_trades).toBe(1);
  });
});
