/**
 * Which AI model answers, if any. The key is a secret (Secrets Manager in AWS, OPENAI_API_KEY
 * locally); OPENAI_BASE_URL points the client at any OpenAI-compatible server (a local model
 * server, or the test stub) and OPENAI_MODEL picks the model. No key (or 'none'): the built-in
 * offline analyst answers instead. Read per request, so a changed key needs no restart.
 */
import OpenAI from 'openai';
import { runtimeEnv } from '@shared/secrets';
import { readSecret } from '../common/secrets';

export const CHAT_ENV = {
  baseUrl: runtimeEnv.aiBaseUrl,
  model: runtimeEnv.aiModel,
  /** Milliseconds the model (all its rounds and tool calls) may take; the rest of 29 s is ours. */
  timeBudgetMs: 'CHAT_TIME_BUDGET_MS',
} as const;

/** A compact general-purpose chat model that takes the spec's max_tokens and temperature. */
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** Well inside the API Lambda's 29 s, leaving time for the cards and the write. */
export const DEFAULT_TIME_BUDGET_MS = 20_000;
/** Model calls per question: up to three rounds of tool calls, then an answer. */
export const MAX_MODEL_ROUNDS = 4;

export interface ModelSettings {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  timeBudgetMs: number;
}

const OFFLINE_VALUES = new Set(['', 'none', 'offline']);

export async function modelSettings(): Promise<ModelSettings | null> {
  const apiKey = (await readSecret('openaiApiKey'))?.trim();
  if (apiKey === undefined || OFFLINE_VALUES.has(apiKey.toLowerCase())) return null;
  const budget = Number(process.env[CHAT_ENV.timeBudgetMs]);
  return {
    apiKey,
    baseURL: process.env[CHAT_ENV.baseUrl] || undefined,
    model: process.env[CHAT_ENV.model] || DEFAULT_MODEL,
    timeBudgetMs: Number.isFinite(budget) && budget > 0 ? budget : DEFAULT_TIME_BUDGET_MS,
  };
}

const clients = new Map<string, OpenAI>();

/** One client per key and server, kept for the container's life. Retries are ours to budget: none. */
export function openAiClient(settings: ModelSettings): OpenAI {
  const key = `${settings.baseURL ?? ''}\n${settings.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0 });
    clients.set(key, client);
  }
  return client;
}
