/**
 * `npm start` on a market clock of its own (MARKET_TIME, MARKET_TIME_FROZEN): a session replayed
 * or demonstrated at any hour, here a Wednesday morning session whatever the wall clock says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInDemo, startProcess, startUntilReady } from '../helpers/start-process';

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'edge-clock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Wednesday 25 November 2026, 10:30 in New York: a regular session. */
const SESSION = '2026-11-25T15:30:00.000Z';

describe('npm start with MARKET_TIME', () => {
  it('frozen: scans and quotes are as of that instant, the market open, on every request', async () => {
    const started = await startUntilReady({
      PORT: '0',
      DATA_DIR: tempDataDir(),
      MARKET_TIME: SESSION,
      MARKET_TIME_FROZEN: 'true',
    });
    try {
      expect(started.output()).toContain(`Market clock: ${SESSION} (frozen)`);
      const token = await signInDemo(started);
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${started.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as Record<string, unknown>;
      };
      const scan = async () => post('/api/options-scanner', { ticker: 'SPY', ivRank: 0 });
      const first = await scan();
      expect(first.marketOpen).toBe(true);
      // The minute's snapshot of that instant: its minute, not the wall clock's.
      expect(Date.parse(String(first.asOf))).toBeLessThanOrEqual(Date.parse(SESSION));
      expect(Date.parse(SESSION) - Date.parse(String(first.asOf))).toBeLessThan(60_000);
      expect((await scan()).asOf).toBe(first.asOf);

      const { data: quotes } = (await post('/api/market-data', { symbols: ['SPY'], type: 'ticker' })) as {
        data: { timestamp: string }[];
      };
      expect(Date.parse(SESSION) - Date.parse(quotes[0]!.timestamp)).toBeGreaterThanOrEqual(0);
      expect(Date.parse(SESSION) - Date.parse(quotes[0]!.timestamp)).toBeLessThan(60_000);
    } finally {
      started.child.kill('SIGTERM');
      await started.exited;
    }
  }, 90_000);

  it('refuses to start on a malformed MARKET_TIME, saying which variable and why', async () => {
    const child = startProcess({ PORT: '0', DATA_DIR: tempDataDir(), MARKET_TIME: 'yesterday' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      'MARKET_TIME must be an ISO instant such as 2026-11-25T15:30:00Z, not "yesterday"',
    );
    expect(output).not.toContain('Ready in');
  }, 30_000);
});
