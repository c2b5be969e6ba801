/**
 * What every assistant tool is made of: the context it runs in (the signed-in user, the instant,
 * the plan, the journal and quote sources), its shape (a zod input, a result for the model and a
 * citation for the reader) and the small formatters the citations share.
 */
import { type z } from 'zod';
import type { ChatCitation, ChatToolName } from '@shared/chat/schemas';
import type { EffectivePlan } from '@shared/constants/plans';
import type { QuoteProvider } from '../market/polygon-provider';
import type { FeedDeps } from '../feeds/service';
import type { DataSource } from '../market/service';
import type { ChainSource } from '../market/chain-source';
import type { JournalStore } from '../trades/service';

export interface ToolContext {
  userId: string;
  at: Date;
  plan: EffectivePlan;
  timeZone: string;
  journal: JournalStore;
  /** The live feeds' stores (read only). */
  feeds: FeedDeps;
  quotes: { provider: QuoteProvider; source: DataSource };
  /** The stage's chain provider (./../market/chain-source); null or absent: the simulated market. */
  chains?: ChainSource | null;
}

export interface ToolOutput<R> {
  result: R;
  citation: ChatCitation;
}

export interface ChatTool<S extends z.ZodType = z.ZodType, R = unknown> {
  name: ChatToolName;
  description: string;
  input: S;
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolOutput<R>> | ToolOutput<R>;
}

export const tool = <S extends z.ZodType, R>(definition: ChatTool<S, R>) => definition;

export const money = (value: number | null) =>
  value === null || !Number.isFinite(value)
    ? 'unlimited'
    : `${value < 0 ? '-' : ''}$${Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const percent = (value: number, digits = 1) => `${value.toFixed(digits)}%`;
export const cents = (value: number) => Math.round(value * 100) / 100;
export const finiteOrNull = (value: number) => (Number.isFinite(value) ? value : null);
export const DAY_MS = 86_400_000;

export function citation(
  tool: ChatToolName,
  label: string,
  fields: Partial<Omit<ChatCitation, 'tool' | 'label'>> = {},
): ChatCitation {
  return { tool, label, source: 'simulated', asOf: null, symbols: [], figures: [], tradeIds: [], ...fields };
}
