/**
 * The assistant's tools, in the order the model is offered them: the app's own services, called
 * on the server as the signed-in user. Each validates its arguments with zod (the model's JSON is
 * input like any other), returns a compact result for the model and a citation of what it read;
 * the JSON Schema the model sees is generated from the same zod schema.
 */
import * as z from 'zod';
import { getLiveFeed } from './feed-tools';
import { getJournalStats, getJournalTrades } from './journal-tools';
import {
  getIvStats,
  getMarketSummary,
  getOptionChain,
  getPriceHistory,
  getQuotes,
  scanTool,
} from './market-tools';
import type { ChatTool } from './tool-kit';

export type { ChatTool, ToolContext } from './tool-kit';

export const CHAT_TOOLS: readonly ChatTool<z.ZodType, unknown>[] = [
  getQuotes,
  getPriceHistory,
  getMarketSummary,
  getOptionChain,
  scanTool,
  getIvStats,
  getLiveFeed,
  getJournalTrades,
  getJournalStats,
];

export function toolNamed(name: string): ChatTool | undefined {
  return CHAT_TOOLS.find((t) => t.name === name);
}

/** The tools as the chat completions API takes them, parameters generated from the zod schemas. */
export function toolDefinitions() {
  return CHAT_TOOLS.map((t) => {
    const { $schema: _schema, ...parameters } = z.toJSONSchema(t.input, { io: 'input' });
    return {
      type: 'function' as const,
      function: { name: t.name, description: t.description, parameters },
    };
  });
}
