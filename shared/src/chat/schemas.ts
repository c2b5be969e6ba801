import * as z from 'zod';
import { CHAT_HISTORY_LIMIT } from '../constants/caps';
import { PERCENT_RANGE } from '../constants/ranges';
import { scannerStrategies } from '../constants/strategies';
import { isValidTimeZone } from '../format/calendar-day';
import { tickerSchema } from '../market/ticker';

export const CHAT_MESSAGE_MAX = 4000;
/** Citations kept per reply, and figures per citation (a reply stays a small item). */
export const CHAT_CITATIONS_MAX = 24;
export const CHAT_CITATION_FIGURES_MAX = 16;
export const CHAT_CITATION_TRADES_MAX = 50;

export const riskLevels = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];

export const dataSources = ['simulated', 'live'] as const;

/** A price chart card under a reply (spec 2, research assistant); its shape is ours. */
export const chatChartSchema = z.object({
  symbol: tickerSchema,
  title: z.string(),
  /** What the points span: a GET /api/market-history range ('1D', '1M', '3M', '1Y'). */
  timeframe: z.string(),
  points: z.array(z.object({ time: z.iso.datetime(), price: z.number().finite() })).max(500),
  /** Where the prices come from (the market model's are simulated). */
  source: z.enum(dataSources).optional(),
});
export type ChatChart = z.infer<typeof chatChartSchema>;

/**
 * The actual position behind a suggestion, as the options engine priced it, so the figures can
 * be checked and the scanner can open it. Money in dollars per position; null is unlimited.
 */
export const suggestedPositionSchema = z.object({
  strategy: z.enum(scannerStrategies),
  expiration: z.iso.date(),
  /** The option legs' strikes, lowest first. */
  strikes: z.array(z.number()),
  underlyingPrice: z.number(),
  /** + debit paid, - credit received. */
  cost: z.number(),
  maxProfit: z.number().nullable(),
  maxLoss: z.number().nullable(),
  capitalRequired: z.number().nullable(),
  /** The worst loss if the underlying ends within one expected move, as a share of the capital (0-1). */
  lossAtExpectedMove: z.number(),
  expectedMove: z.number(),
  edgeScore: z.number(),
  asOf: z.iso.datetime(),
  source: z.enum(dataSources),
});
export type SuggestedPosition = z.infer<typeof suggestedPositionSchema>;

/** A 'Suggested Strategies' entry: 'Long Call SPY 72% Medium', with the position behind it. */
export const strategySuggestionSchema = z.object({
  symbol: tickerSchema,
  strategy: z.string().min(1),
  /** Probability of profit, percent. */
  probability: z.number().min(PERCENT_RANGE.min).max(PERCENT_RANGE.max),
  risk: z.enum(riskLevels),
  /** Absent on rows stored before suggestions were priced by the engine. */
  position: suggestedPositionSchema.optional(),
});
export type StrategySuggestion = z.infer<typeof strategySuggestionSchema>;

/** The tools the assistant answers from (the model calls them; the offline analyst too). */
export const chatToolNames = [
  'get_quotes',
  'get_price_history',
  'get_market_summary',
  'get_option_chain',
  'scan_options',
  'get_iv_stats',
  'get_live_feed',
  'get_journal_trades',
  'get_journal_stats',
] as const;
export type ChatToolName = (typeof chatToolNames)[number];

/**
 * What a reply used, shown under it so a trader can check it: one entry per tool call (and per
 * card), with the symbols, the figures (prices with their timestamps) and the trades it read.
 */
export const chatCitationSchema = z.object({
  tool: z.enum(chatToolNames),
  /** 'SPY quote', 'Your journal: Iron Condor, from 2026-10-01'. */
  label: z.string(),
  source: z.enum(['simulated', 'live', 'journal']),
  /** When the figures were true (a quote's timestamp, a close); null for the journal. */
  asOf: z.iso.datetime().nullable(),
  symbols: z.array(z.string()),
  figures: z
    .array(
      z.object({
        name: z.string(),
        value: z.string(),
        /** When this figure was true, where it differs from the citation's `asOf`. */
        asOf: z.iso.datetime().optional(),
      }),
    )
    .max(CHAT_CITATION_FIGURES_MAX),
  /** Journal trades the answer looked at (ids), at most CHAT_CITATION_TRADES_MAX. */
  tradeIds: z.array(z.string()).max(CHAT_CITATION_TRADES_MAX),
});
export type ChatCitation = z.infer<typeof chatCitationSchema>;

/** Who wrote the reply: the configured AI model, or the built-in offline analyst. */
export const chatResponders = ['model', 'offline'] as const;

/** A stored chat message: the question, the reply and its cards (spec 3), and what it cites. */
export const chatMessageSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  message: z.string(),
  response: z.string(),
  charts: z.array(chatChartSchema),
  strategies: z.array(strategySuggestionSchema),
  citations: z.array(chatCitationSchema).max(CHAT_CITATIONS_MAX).default([]),
  responder: z.enum(chatResponders).optional(),
  created_at: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * POST /api/chat. Blank or whitespace-only text is rejected (spec 5). `tz` (optional, ours) is
 * the trader's IANA time zone, for journal questions about 'today' or 'this month'.
 */
export const postChatInput = z
  .object({
    message: z.string().trim().min(1, 'Message must not be blank').max(CHAT_MESSAGE_MAX),
    tz: z.string().refine(isValidTimeZone, 'Unknown time zone').optional(),
  })
  .strict();
export type PostChatInput = z.infer<typeof postChatInput>;

/** GET /api/chat?limit=: the last `limit` messages, at most CHAT_HISTORY_LIMIT. */
export const chatHistoryQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_LIMIT).default(CHAT_HISTORY_LIMIT),
  })
  .strict();
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

/** GET /api/chat: the last messages, oldest first. */
export const chatHistorySchema = z.object({ messages: z.array(chatMessageSchema) });
export type ChatHistory = z.infer<typeof chatHistorySchema>;
