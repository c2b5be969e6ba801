/**
 * `npm start` with CHAINS_PROVIDER=cboe: the scan scorecard recorded from the real chains. CBOE is a
 * local HTTP server serving a hand-written GLD chain in CBOE's layout (labelled below), the market
 * clock frozen at the scan scorecard's pick instant (SCAN_PICK_MINUTE after the 2023-05-19 open,
 * 30 s in), the chain snapshot job and the scorecards' job every 3 s. Through the runtime's own
 * GET /api/scorecards/scan, signed in as its demo account: the default scan's picks of the
 * snapshot's minute, recorded from CBOE since that day, none of them simulated, none twice.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPath } from '@shared/routes';
import { americanPrice } from '@shared/pricing/american';
import { expirationClose } from '@shared/scorecards/horizons';
import { SCAN_PICK_MINUTE, scorecardSchema, type Scorecard } from '@shared/scorecards/schemas';
import {
  cboeChainBody,
  cboeContractRow,
  cboeHistoryPath,
  handwrittenCboeHistory,
  startCboeStandIn,
} from '../helpers/cboe-chains';
import { signInDemo, startUntilReady } from '../helpers/start-process';
import { NO_TREASURY } from '../helpers/treasury';

const dataDir = mkdtempSync(join(tmpdir(), 'edge-cboe-scan-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OPEN = Date.parse('2023-05-19T13:30:00Z');
const PICK_AT = new Date(OPEN + SCAN_PICK_MINUTE * 60_000);
const EXPIRATION = '2023-06-16';

/**
 * Hand-written, CBOE's layout (the recorded QQQ body's envelope): GLD at 183 quoted at the pick
 * instant, its June 16 contracts priced with the American model at 15 % volatility (r 5 %, no
 * yield), bid and ask five cents either side; strikes every dollar within 20 % of the spot. Its
 * hand-written daily closes move about 17% a year (no IV rank yet: under 20 recorded sessions).
 */
function handwrittenGldChain(): string {
  const spot = 183;
  const years = (expirationClose(EXPIRATION).getTime() - PICK_AT.getTime()) / (365 * 86_400_000);
  const options = [];
  for (let strike = Math.round(spot * 0.8); strike <= spot * 1.2; strike += 1) {
    for (const type of ['call', 'put'] as const) {
      const price = americanPrice(spot, strike, years, 0.05, 0, 0.15, type === 'call');
      options.push(
        cboeContractRow({
          symbol: 'GLD',
          expiry: '230616',
          type,
          strike,
          price,
          halfSpread: 0.05,
          iv: 0.15,
          openInterest: 5000,
          volume: 800,
        }),
      );
    }
  }
  // The underlying's last trade (CBOE's quote time for the chain) is the pick instant, New York time.
  return cboeChainBody(options, PICK_AT.toISOString().slice(0, 19).replace('T', ' '), {
    symbol: 'GLD',
    current_price: spot,
    bid: spot,
    ask: spot + 0.01,
    close: spot,
    prev_day_close: spot,
    last_trade_time: '2023-05-19T10:30:00',
  });
}

describe('npm start with CHAINS_PROVIDER=cboe: the scan scorecard', () => {
  it('records the default scan’s picks from the snapshot’s minute at the pick instant, as CBOE’s', async () => {
    const cboe = await startCboeStandIn((path) => ({
      status: 200,
      body:
        path === cboeHistoryPath('GLD')
          ? handwrittenCboeHistory('GLD', '2023-05-18', 183)
          : handwrittenGldChain(),
    }));
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: dataDir,
      CHAINS_PROVIDER: 'cboe',
      CBOE_BASE_URL: cboe.url,
      TREASURY_BASE_URL: NO_TREASURY,
      CHAINS_REFRESH_SECONDS: '3',
      LOCAL_SCHEDULE_SECONDS: '3',
      CHAIN_SNAPSHOT_SYMBOLS: 'GLD',
      MARKET_TIME: new Date(PICK_AT.getTime() + 30_000).toISOString(),
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      const token = await signInDemo(started);
      const scorecard = async (): Promise<Scorecard> => {
        const response = await fetch(
          `${started.url}${apiPath('getScorecard', { kind: 'scan' }, { days: '30' })}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        const json = (await response.json()) as unknown;
        expect(response.status, JSON.stringify(json)).toBe(200);
        return scorecardSchema.parse(json);
      };
      let card = await scorecard();
      for (let tries = 0; card.signals === 0; tries += 1) {
        if (tries > 60) throw new Error(`no pick recorded: ${JSON.stringify(card)}\n${started.output()}`);
        await sleep(1000);
        card = await scorecard();
      }
      // Recorded from CBOE since the session, its horizons all still to come (nothing simulated).
      expect(card).toMatchObject({ source: 'cboe', since: '2023-05-19', rows: [] });
      expect(card.pending).toBe(card.signals * 3);
      // The job runs again every 3 s: the same picks, none recorded twice.
      await sleep(7000);
      expect((await scorecard()).signals).toBe(card.signals);
      // Only the snapshot job asked CBOE (the chain, and the daily history for the forecast); the
      // picks came from its stored minute.
      expect(new Set(cboe.paths)).toEqual(
        new Set(['/api/global/delayed_quotes/options/GLD.json', cboeHistoryPath('GLD')]),
      );
      const manifest = JSON.parse(readFileSync(join(dataDir, 'chain-snapshots', 'latest.json'), 'utf8')) as {
        provider: string;
      };
      expect(manifest.provider).toBe('cboe');
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
      await cboe.close();
    }
  }, 150_000);
});
