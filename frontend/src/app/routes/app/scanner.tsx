import { useLocation, useSearchParams } from 'react-router-dom';
import { scannerLinkStateSchema } from '@shared/chat/scanner-link';
import { ScorecardPanel } from '../../../features/feeds/components/scorecard-panel';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { OptionsScanner, type ScanRequest } from '../../../features/scanner/components/options-scanner';
import { useDataBadge } from '../../../lib/data-badge';

/**
 * Global search sends `{ symbol }` in the navigation state (spec 2); a strategy the research
 * assistant suggested adds its strategy, expiration and strikes (shared/src/chat/scanner-link.ts).
 */
function scanRequest(state: unknown, key: string): ScanRequest | null {
  const parsed = scannerLinkStateSchema.safeParse(state);
  if (!parsed.success) return null;
  const { symbol, strategy, expiration, strikes } = parsed.data;
  return {
    symbol,
    id: key,
    ...(strategy ? { strategy } : {}),
    ...(strategy && expiration && strikes ? { position: { expiration, strikes } } : {}),
  };
}

/**
 * Options Scanner (spec 2). `?chain=SYMBOL[&expiration=YYYY-MM-DD]` opens a symbol's option chain
 * (inside a position's dialog when it was opened from there, else under the results).
 */
export function ScannerRoute() {
  const badge = useDataBadge('chains');
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const chainSymbol = searchParams.get('chain');
  const chainExpiration = searchParams.get('expiration');

  function showChain(symbol: string | null, expiration?: string) {
    const params: Record<string, string> = {};
    if (symbol) params.chain = symbol;
    if (symbol && expiration) params.expiration = expiration;
    setSearchParams(params, { preventScrollReset: true });
  }

  return (
    <>
      <ScreenHeader
        title="Options Scanner"
        subtitle="Real-time options data with AI-powered edge scoring."
        badge={badge}
      />
      <OptionsScanner
        request={scanRequest(location.state, location.key)}
        chain={chainSymbol ? { symbol: chainSymbol, expiration: chainExpiration } : null}
        onViewChain={showChain}
      />
      <ScorecardPanel kind="scan" />
    </>
  );
}
