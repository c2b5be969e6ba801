import { ScreenHeader } from '../../../components/layouts/screen-header';
import { TradingJournal } from '../../../features/journal/components/trading-journal';

/** Trading Journal (spec 2 and the journal issue): the trader's own trades, stats and analytics. */
export function JournalRoute() {
  return (
    <>
      <ScreenHeader
        title="Trading Journal"
        subtitle="Your trades, win rate and P&L, with analytics, CSV import and export."
      />
      <TradingJournal />
    </>
  );
}
