import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readJournalPrefill, type TradePrefill } from '@shared/trades/prefill';
import { emptyTradeForm, type TradeFormValues } from '../utils/trade-form';

/**
 * 'Track in Journal' from another screen: the Add Trade prefill in the navigation state (see
 * shared/src/trades/prefill.ts), read once. The state is then cleared, so a reload or Back does
 * not open the dialog again.
 */
export function useJournalPrefill(): TradePrefill | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [prefill] = useState(() => readJournalPrefill(location.state));
  const hasState = readJournalPrefill(location.state) !== null;
  useEffect(() => {
    if (hasState) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [hasState, location.pathname, location.search, navigate]);
  return prefill;
}

/** The Add Trade form, filled from a prefill: the position as it would be traded. */
export function prefillToForm(prefill: TradePrefill): TradeFormValues {
  return {
    ...emptyTradeForm,
    ticker: prefill.ticker,
    strategy: prefill.strategy,
    side: prefill.side,
    quantity: String(prefill.quantity),
    entry_price: prefill.entry_price === null ? '' : String(prefill.entry_price),
    notes: prefill.notes,
  };
}

/** What Add Trade sends beside the form's fields for a tracked position: where it came from and what was shown. */
export function prefillTracking(prefill: TradePrefill) {
  return {
    source: prefill.source,
    source_ref: prefill.source_ref,
    legs: prefill.legs,
    edge_score: prefill.edge_score,
    expected_return: prefill.expected_return,
  };
}
