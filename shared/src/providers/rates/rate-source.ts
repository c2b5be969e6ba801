/**
 * Where a real chain's rate came from, apart from the Treasury adapter (./treasury) so the
 * browser's response schemas can name it without bundling the CSV parser.
 */
import * as z from 'zod';

export const TREASURY_SOURCE = 'US Treasury par curve';

/** Where an expiry's rate came from: the Treasury's curve of `day`, or the fixed RISK_FREE_RATE (day null). */
export const rateSourceSchema = z.object({
  source: z.enum([TREASURY_SOURCE, 'fixed']),
  day: z.iso.date().nullable(),
});
export type RateSource = z.infer<typeof rateSourceSchema>;
