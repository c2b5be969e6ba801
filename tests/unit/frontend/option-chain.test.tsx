// @vitest-environment jsdom
/**
 * The option chain on a real chain: the shown expiry's own forward, rate (and where the rate came
 * from) and carry yield, not the simulated market's constants; and a contract without an IV says
 * why. The API is answered by Mock Service Worker (tests/helpers/api-server.ts).
 */
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionChain } from '@shared/options/response-schemas';
import { scanResponse } from '../../fixtures/api-responses';
import { apiServer, serve, useApiServer } from '../../helpers/api-server';
import { mockSignedIn } from '../../helpers/signed-in';
import { renderApp } from '../../helpers/render-app';

configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

useApiServer(serve('scanOptions', () => scanResponse([])));

const contract = (over: Partial<OptionChain['contracts'][number]>): OptionChain['contracts'][number] => ({
  type: 'call',
  strike: 25,
  expiration: '2025-06-20',
  years: 0.979,
  bid: 6.2,
  ask: 6.3,
  last: 6.25,
  volume: 26,
  openInterest: 12_616,
  iv: 0.539,
  noIvReason: null,
  delta: 0.671,
  gamma: 0.02,
  theta: -0.01,
  vega: 0.09,
  ...over,
});

/** PLTR's 2025-06-20 expiry as the Tradier replay prices it (r from the Treasury curve of 2024-06-28). */
const realChain: OptionChain = {
  symbol: 'PLTR',
  exercise: 'american',
  underlyingPrice: 25.5,
  rate: 0.0425,
  dividendYield: 0,
  asOf: '2024-06-28T15:51:01.696Z',
  expirations: ['2025-06-20'],
  forwards: [
    {
      expiration: '2025-06-20',
      forward: 26.735,
      discount: Math.exp(-0.0504 * 0.979),
      method: 'curve_rate_parity_carry',
      impliedYield: -0.0049,
      rateSource: { source: 'US Treasury par curve', day: '2024-06-28' },
    },
  ],
  contracts: [
    contract({}),
    contract({ type: 'put', bid: 4.55, ask: 4.65, iv: 0.547, delta: -0.361 }),
    contract({ strike: 10, bid: 16.15, ask: 16.75, iv: null, noIvReason: 'no_time_value_bid', delta: null }),
    contract({ strike: 10, type: 'put', bid: 0.2, ask: 0.34, iv: 0.651, delta: -0.033 }),
  ],
  source: 'tradier',
  delayed: true,
  stale: null,
};

describe('The option chain on a real chain', () => {
  beforeEach(() => {
    mockSignedIn();
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(cleanup);

  it('shows the expiry’s own forward, Treasury rate and carry yield, and why a contract has no IV', async () => {
    apiServer.use(serve('getOptionsChain', () => realChain));
    renderApp('/dashboard/scanner?chain=PLTR&expiration=2025-06-20');
    const section = await screen.findByRole('region', { name: 'PLTR Option Chain' });
    expect(
      await within(section).findByText(
        /forward \$26\.74 · rate 5\.04% \(Treasury curve of 2024-06-28\) · carry yield -0\.49%/,
      ),
    ).toBeInTheDocument();
    // The simulated market's constant is not what this expiry is priced with.
    expect(section).not.toHaveTextContent('rate 4.25%');
    const row = within(section).getByRole('row', { name: /^16\.15/ });
    expect(within(row).getByTitle('No IV: the bid pays no time value')).toHaveTextContent(
      '-- (no IV: the bid pays no time value)',
    );
  });

  it('keeps the market’s rate and dividend yield where the chain has no forwards (the simulated market)', async () => {
    apiServer.use(
      serve('getOptionsChain', () => ({ ...realChain, source: 'simulated', delayed: false, forwards: [] })),
    );
    renderApp('/dashboard/scanner?chain=PLTR');
    const section = await screen.findByRole('region', { name: 'PLTR Option Chain' });
    expect(await within(section).findByText(/rate 4\.25% · dividend yield 0\.00%/)).toBeInTheDocument();
  });
});
