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
