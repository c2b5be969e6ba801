import { z } from 'zod';
import { CHAT_HISTORY_LIMIT } from '../constants/caps';
import { PERCENT_RANGE } from '../constants/ranges';
import { tickerSchema } from '../market/ticker';

export const CHAT_MESSAGE_MAX = 4000;

export const riskLevels = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];

/** A price chart card under a reply (spec 2, research assistant); its shape is ours. */
export const chatChartSchema = z.object({
  symbol: tickerSchema,
  title: z.string(),
  /** What the points span, e.g. '1D', '5D', '1M'. */
  timeframe: z.string(),
  points: z.array(z.object({ time: z.iso.datetime(), price: z.number().finite() })).max(500),
});
export type ChatChart = z.infer<typeof chatChartSchema>;

/** A 'Suggested Strategies' entry: 'Long Call SPY 72% Medium'. */
export const strategySuggestionSchema = z.object({
  symbol: tickerSchema,
  strategy: z.string().min(1),
  /** Probability of profit, percent. */
  probability: z.number().min(PERCENT_RANGE.min).max(PERCENT_RANGE.max),
  risk: z.enum(riskLevels),
});
export type StrategySuggestion = z.infer<typeof strategySuggestionSchema>;

/** A stored chat message: the question, the reply and its cards (spec 3). */
export const chatMessageSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  message: z.string(),
  response: z.string(),
  charts: z.array(chatChartSchema),
  strategies: z.array(strategySuggestionSchema),
  created_at: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/chat. Blank or whitespace-only text is rejected (spec 5). */
export const postChatInput = z
  .object({
    message: z.string().trim().min(1, 'Message must not be blank').max(CHAT_MESSAGE_MAX),
  })
  .strict();
export type PostChatInput = z.infer<typeof postChatInput>;

/** GET /api/chat?limit=: the last `limit` messages, at most CHAT_HISTORY_LIMIT. */
export const chatHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_LIMIT).default(CHAT_HISTORY_LIMIT),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;
