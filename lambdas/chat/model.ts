/**
 * One question to the AI model, with tools: the spec's parameters (system prompt, max_tokens 500,
 * temperature 0.7), the tool calls run on the server between rounds, at most MAX_MODEL_ROUNDS
 * model calls (the last may not call tools) and all of it within the time budget. Returns the
 * first choice's content (null when empty); throws when the provider fails or the budget runs out.
 */
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from '@shared/constants/caps';
import { recordMetric } from '../common/observability';
import { MAX_MODEL_ROUNDS, type ModelSettings } from './config';
import type { Toolbox } from './toolbox';
import { toolDefinitions } from './tools';

export class ModelTimeoutError extends Error {
  override name = 'ModelTimeoutError';
}

/** The spec's system prompt (a concise, actionable options-trading assistant), grounded in our tools. */
export function systemPrompt(now: Date, timeZone: string): string {
  return [
    'You are the Research Assistant of an options-trading research app: a concise, actionable options-trading assistant.',
    "Answer from the app's own data by calling the tools: quotes, price history, the daily market summary, option chains, the options scanner, IV rank and percentile, and the trader's own journal and statistics.",
    'Every number you state must come from a tool result in this conversation; if a tool cannot give it, say so instead of guessing.',
    'Name the time of the prices you quote. Market data in this app is simulated unless a tool result says source "live"; say so when you quote it.',
    "Journal tools read only the signed-in trader's own trades.",
    'Answer in short Markdown: a direct answer first, then the key figures, then one or two concrete next steps. Mention risk. This is research, not investment advice.',
    `Now: ${now.toISOString()}. The trader's time zone: ${timeZone}.`,
  ].join('\n');
}

export async function askModel(options: {
  client: OpenAI;
  settings: ModelSettings;
  question: string;
  toolbox: Toolbox;
  now: Date;
  timeZone: string;
}): Promise<string | null> {
  const { client, settings, toolbox } = options;
  const deadline = Date.now() + settings.timeBudgetMs;
  const tools = toolDefinitions();
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt(options.now, options.timeZone) },
    { role: 'user', content: options.question },
  ];
  for (let round = 1; round <= MAX_MODEL_ROUNDS; round += 1) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new ModelTimeoutError(`No answer within ${settings.timeBudgetMs} ms`);
    const lastRound = round === MAX_MODEL_ROUNDS;
    const called = performance.now();
    const completion = await client.chat.completions
      .create(
        {
          model: settings.model,
          messages,
          tools,
          tool_choice: lastRound ? 'none' : 'auto',
          max_tokens: CHAT_MAX_TOKENS,
          temperature: CHAT_TEMPERATURE,
        },
        { timeout: remaining, maxRetries: 0 },
      )
      .finally(() => recordMetric('aiProviderLatency', performance.now() - called));
    const message = completion.choices[0]?.message;
    const calls = (message?.tool_calls ?? []).filter((call) => call.type === 'function');
    if (!message || calls.length === 0 || lastRound) return message?.content?.trim() || null;
    messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const content = await toolbox.call(call.function.name, call.function.arguments);
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
  return null;
}
