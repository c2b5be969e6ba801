import { PortfolioGreeks } from '../../../components/ui/portfolio-greeks';
import { usePositions } from '../../../lib/positions';
import { Panel, type PanelVariant } from './panel';

/** The portfolio's greeks and capital at risk over its open positions, marked each minute. */
export function PortfolioGreeksPanel({ variant = 'default' }: { variant?: PanelVariant }) {
  const { data, error } = usePositions();
  return (
    <Panel title="Open positions" variant={variant}>
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          The open positions could not be marked right now.
        </p>
      ) : (
        <PortfolioGreeks data={data} compact={variant === 'compact'} />
      )}
    </Panel>
  );
}
