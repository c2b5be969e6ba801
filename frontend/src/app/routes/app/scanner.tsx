import { useLocation, useSearchParams } from 'react-router-dom';
import { scannerLinkStateSchema } from '@shared/chat/scanner-link';
import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { OptionChain } from '../../../features/scanner/components/option-chain';
import { OptionsScanner, type ScanRequest } from '../../../features/scanner/components/options-scanner';

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

/** Options Scanner (spec 2); `?chain=SYMBOL` opens a symbol's option chain under the results. */
export function ScannerRoute() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const chainSymbol = searchParams.get('chain');

  function showChain(symbol: string | null) {
    setSearchParams(symbol ? { chain: symbol } : {}, { preventScrollReset: true });
    if (symbol) requestAnimationFrame(() => document.getElementById('option-chain-title')?.focus());
  }

  return (
    <>
      <ScreenHeader
        title="Options Scanner"
        subtitle="Real-time options data with AI-powered edge scoring."
        badge={MARKET_DATA_SOURCE_SIMULATED}
      />
      <OptionsScanner request={scanRequest(location.state, location.key)} onViewChain={showChain} />
      {chainSymbol && (
        <OptionChain
          key={chainSymbol}
          symbol={chainSymbol}
          onSymbolChange={showChain}
          onClose={() => showChain(null)}
        />
      )}
    </>
  );
}
