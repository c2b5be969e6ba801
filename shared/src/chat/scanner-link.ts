/**
 * The navigation state with which a suggested strategy opens the Options Scanner: the symbol
 * (as global search sends it, spec 2), plus the strategy and the position's expiration and strikes
 * so the scanner can scan that strategy and open that position.
 */
import * as z from 'zod';
import { scannerStrategies } from '../constants/strategies';
import { tickerSchema } from '../market/ticker';

export const scannerLinkStateSchema = z.object({
  symbol: tickerSchema,
  strategy: z.enum(scannerStrategies).optional(),
  expiration: z.iso.date().optional(),
  strikes: z.array(z.number()).optional(),
});
export type ScannerLinkState = z.infer<typeof scannerLinkStateSchema>;

/**
 * How the scan a suggestion comes from differs from the scanner's defaults: any IV rank, and a
 * position expected to lose is still shown (the spec names the strategy; its expected return is on
 * the card) rather than nothing. The scanner page applies the same when a suggestion opens it, so
 * the suggested position is among its results.
 */
export const SUGGESTION_SCAN_OVERRIDES = { ivRank: 0, minExpectedReturn: -1 } as const;
