// @vitest-environment jsdom
/**
 * The scorecard panel's source line: the scan card on a real chain stage says it was recorded from
 * the chain provider since its first session (CBOE's label), the simulated one says it replays the
 * market model. The card is the route's shape, hand-written.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { horizonLabels, scorecardSchema, type Scorecard } from '@shared/scorecards/schemas';

let card: Scorecard;
vi.mock('../../../frontend/src/features/feeds/api/get-scorecard', () => ({
  useScorecard: () => ({ data: card, error: null, isLoading: false }),
}));
const { ScorecardPanel } = await import('../../../frontend/src/features/feeds/components/scorecard-panel');

afterEach(cleanup);

const scanCard = (source: Scorecard['source'], since: string | null): Scorecard =>
  scorecardSchema.parse({
    kind: 'scan',
    days: 30,
    source,
    since,
    asOf: '2023-05-19T14:35:00.000Z',
    signals: 2,
    pending: 6,
    horizonLabels: horizonLabels.scan,
    minSample: 20,
    rows: [],
  });

describe('ScorecardPanel’s source', () => {
  it('says CBOE on a CBOE chain stage', () => {
    card = scanCard('cboe', '2023-05-19');
    render(<ScorecardPanel kind="scan" />);
    expect(screen.getByText(/Recorded from CBOE since 2023-05-19\./)).toBeInTheDocument();
  });

  it('says simulated on the simulated market', () => {
    card = scanCard('simulated', '2023-05-19');
    render(<ScorecardPanel kind="scan" />);
    expect(screen.getByText(/Simulated: the market model's past sessions replayed/)).toBeInTheDocument();
    expect(screen.queryByText(/Recorded from/)).not.toBeInTheDocument();
  });
});
