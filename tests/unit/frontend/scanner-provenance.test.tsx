// @vitest-environment jsdom
/**
 * The provenance badge the scan results and the option chain show: 'Simulated', or the provider,
 * its delay and its quote time in New York, and staleness when the last good chain stands in.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProvenanceBadge } from '../../../frontend/src/components/ui/provenance-badge';

describe('ProvenanceBadge', () => {
  afterEach(cleanup);

  it('says Simulated for the simulated market', () => {
    render(
      <ProvenanceBadge
        provenance={{ source: 'simulated', delayed: false, stale: null, asOf: '2024-03-15T18:00:00Z' }}
      />,
    );
    expect(screen.getByRole('note', { name: 'Data source' })).toHaveTextContent(/^Simulated$/);
  });

  it('names CBOE, its 15-minute delay and its quote time in New York', () => {
    // 19:59:59 UTC on 2023-05-19 is 3:59 PM EDT.
    render(
      <ProvenanceBadge
        provenance={{ source: 'cboe', delayed: true, stale: null, asOf: '2023-05-19T19:59:59.000Z' }}
      />,
    );
    expect(screen.getByRole('note', { name: 'Data source' })).toHaveTextContent(
      /^CBOE · 15 min delayed · as of 3:59 PM ET$/,
    );
  });

  it('marks the last good chain stale with its age', () => {
    render(
      <ProvenanceBadge
        provenance={{
          source: 'cboe',
          delayed: true,
          stale: { reason: 'CBOE answered 500', ageSeconds: 720 },
          asOf: '2023-05-19T19:59:59.000Z',
        }}
      />,
    );
    expect(screen.getByRole('note', { name: 'Data source' })).toHaveTextContent(
      'CBOE · 15 min delayed · as of 3:59 PM ET · stale, 12 min old',
    );
  });
});
