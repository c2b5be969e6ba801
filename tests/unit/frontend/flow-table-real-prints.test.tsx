// @vitest-environment jsdom
/**
 * The Dark Pool Flow table on a real provider's prints: the venue, the NBBO and where the print
 * sat in it, an unknown side said as such, and no edge score or options implication invented;
 * the details show the tape. The print is the adapter's item from the recorded NBBO and a
 * hand-written TRF trade in the recorded shape (tests/fixtures/SOURCES.md).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  darkPoolItem,
  darkPoolPrint,
  parsePolygonQuotes,
  parsePolygonTrades,
} from '@shared/providers/feeds/polygon-trades';
import { FlowTable } from '../../../frontend/src/features/feeds/components/flow-table';

const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(join(process.cwd(), 'tests/fixtures/providers/polygon', path), 'utf8'));
const [quote] = parsePolygonQuotes(fixture('quotes-AAPL.client-python.json'));
const [block, atMid] = parsePolygonTrades(fixture('trades-AAPL-trf.handwritten.json'));

afterEach(cleanup);

describe('FlowTable with Polygon prints', () => {
  it('shows the venue, the NBBO and the side it implies, and no edge score', async () => {
    const flows = [atMid!, block!].map((trade) => darkPoolItem(darkPoolPrint('AAPL', trade, quote!)));
    render(
      <MemoryRouter>
        <FlowTable flows={flows} />
      </MemoryRouter>,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Unknown')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByText(/NBBO \$155\.85 × \$155\.87, printed at the midpoint/),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Buy')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/printed at the ask/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('FINRA TRF')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('None (real print)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Source: Polygon')).toBeInTheDocument();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Edge breakdown for AAPL/ }));
    expect(screen.getByText('FINRA TRF (TRF 202)')).toBeInTheDocument();
    expect(screen.getByText('$3896750.00')).toBeInTheDocument();
    expect(screen.queryByText(/how it was computed/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Track AAPL in Journal' })).toBeInTheDocument();
  });
});
