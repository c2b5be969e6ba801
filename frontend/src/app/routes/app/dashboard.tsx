import { ScreenHeader } from '../../../components/layouts/screen-header';
import { MarketOverview } from '../../../features/dashboard/components/market-overview';
import { MarketSummaryCard } from '../../../features/dashboard/components/market-summary-card';
import { Panel } from '../../../features/dashboard/components/panel';
import { PortfolioGreeksPanel } from '../../../features/dashboard/components/portfolio-greeks-panel';
import { RecentActivityList } from '../../../features/dashboard/components/recent-activity';
import { StatCards } from '../../../features/dashboard/components/stat-cards';
import { TickerBar } from '../../../features/dashboard/components/ticker-bar';
import { WatchlistCard } from '../../../features/dashboard/components/watchlist-card';

/**
 * Dashboard (spec 2): the four trade figures, the open positions' greeks (the journal issue), Recent Activity (two thirds) beside the Market
 * Summary card, the Market Overview side panel, and the scrolling ticker bar. The Daily Market
 * Summary opens over it once a day.
 */
export function DashboardRoute() {
  return (
    <>
      <ScreenHeader title="Dashboard" subtitle="Welcome back! Here's what's happening with your trades." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <StatCards />
          <PortfolioGreeksPanel />
          <div className="grid gap-6 lg:grid-cols-3">
            <Panel title="Recent Activity" className="lg:col-span-2">
              <RecentActivityList />
            </Panel>
            <MarketSummaryCard />
          </div>
          <WatchlistCard />
        </div>
        <MarketOverview className="xl:self-start" />
      </div>
      <TickerBar />
    </>
  );
}
