/** How a scorecard names its rows and says what a hit is (the panels on the Alerts, Dark Pool and Scanner pages). */
import { SCANNER_STRATEGIES } from '../constants/strategies';
import { marketAlertTypeLabels, type MarketAlertType } from '../feeds/schemas';
import { DATA_SOURCE_LABELS } from '../market/schemas';
import { feedProviderLabels } from '../providers/feeds/feed-providers';
import type { ScorecardKind, ScorecardSource } from './schemas';
import { PRINT_SIZE_CLASSES } from './signals';

const strategyLabels: Record<string, string> = Object.fromEntries(
  SCANNER_STRATEGIES.map((s) => [s.value, s.label]),
);
const printTypeLabels: Record<string, string> = {
  buy: 'Bought (at the ask side)',
  sell: 'Sold (at the bid side)',
  'unknown side': 'Side unknown',
};
const edgeBandLabels: Record<string, string> = {
  excellent: 'Excellent edge',
  good: 'Good edge',
  average: 'Average edge',
  'below-average': 'Below-average edge',
  poor: 'Poor edge',
};

/** How a scorecard names where its signals came from ("Recorded from CBOE since ..."). */
export const scorecardSourceLabels: Record<ScorecardSource, string> = {
  ...feedProviderLabels,
  ...DATA_SOURCE_LABELS,
};

export const scorecardTitles: Record<ScorecardKind, string> = {
  alerts: 'market alerts',
  darkpool: 'dark pool prints',
  scan: 'default-scan picks',
};

/** What a hit is, per kind (the panel's note under its table). */
export const hitMeaning: Record<ScorecardKind, string> = {
  alerts:
    'A hit: the stock moved the way the alert leaned (bullish up, bearish down). Mean move: the average change in that direction. Alerts that lean neither way (earnings) show the average size of the move instead.',
  darkpool:
    'A hit: the stock moved the way the print was traded (bought up, sold down). A print of unknown side has no direction: its row shows the average size of the move. Size: the print’s notional.',
  scan: 'A hit: the position made money if closed then at the executable prices (bought legs sold at the bid, sold legs bought back at the ask; at expiry, settled at intrinsic value). Mean move: the P&L on the capital at risk.',
};

export function scorecardTypeLabel(kind: ScorecardKind, type: string): string {
  if (kind === 'alerts') return marketAlertTypeLabels[type as MarketAlertType] ?? type;
  if (kind === 'darkpool') return printTypeLabels[type] ?? type;
  return strategyLabels[type] ?? type;
}

export function scorecardSeverityLabel(kind: ScorecardKind, severity: string): string {
  if (kind === 'darkpool') {
    const size = PRINT_SIZE_CLASSES.find((c) => c.severity === severity);
    return size ? `${severity[0]!.toUpperCase()}${severity.slice(1)} (${size.label})` : severity;
  }
  if (kind === 'scan') return edgeBandLabels[severity] ?? severity;
  return `${severity[0]!.toUpperCase()}${severity.slice(1)}`;
}
