/**
 * The Research Assistant's rules. A question is refused without the assistant in the plan (403)
 * or beyond the day's quota (429, counted atomically before any model call); it is answered by the
 * configured AI model with the app's tools, or by the offline analyst when none is configured;
 * the cards come from the spec's rules with real numbers; every exchange is stored for its user.
 */
import { randomBytes } from 'node:crypto';
import { chartsFor, strategySuggestionsFor } from '@shared/chat/cards';
import {
  CHAT_CITATIONS_MAX,
  type ChatCitation,
  type ChatMessage,
  type PostChatInput,
  type StrategySuggestion,
  type ChatChart,
} from '@shared/chat/schemas';
import { planLimits, type EffectivePlan } from '@shared/constants/plans';
import { CHAT_EMPTY_CONTENT, CHAT_PROVIDER_FAILURE } from '@shared/constants/texts';
import { DEFAULT_TIME_ZONE } from '@shared/format/calendar-day';
import { historyRangeLabels, type HistoryRange } from '@shared/market/history';
import { recordMetric, type Logger } from '../common/observability';
import { quotaExceededError, requireFeature, type PlanLookup } from '../common/plan';
import type { JournalStore } from '../trades/service';
import { openAiClient, type ModelSettings } from './config';
import { askModel } from './model';
import { offlineAnswer } from './offline-analyst';
import type { ChatRepo, UsageRepo } from './repository';
import { Toolbox } from './toolbox';
import type { ToolContext } from './tools';
import { marketNow } from '../common/clock';

export interface ChatDeps {
  messages: ChatRepo;
  usage: UsageRepo;
  planOf: PlanLookup;
  journal: JournalStore;
  feeds: ToolContext['feeds'];
  quotes: ToolContext['quotes'];
  chains?: ToolContext['chains'];
  /** null: no AI model configured (the offline analyst answers). */
  modelSettings: () => Promise<ModelSettings | null>;
}

/** Time-sortable: creation time in base 36, then randomness. */
export function newMessageId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

export async function chatHistory(deps: Pick<ChatDeps, 'messages'>, userId: string, limit: number) {
  return { messages: await deps.messages.latest(userId, limit) };
}

/**
 * Counts the question against the plan's daily quota (UTC day); refuses it when used up, with
 * the limit and the plan that lifts it (details), to be retried at the next UTC midnight.
 */
async function countQuestion(deps: ChatDeps, userId: string, plan: EffectivePlan, now: Date) {
  const perDay = planLimits[plan].aiQuestionsPerDay;
  if (perDay === null) return;
  if (!(await deps.usage.countQuestion(userId, now.toISOString().slice(0, 10), perDay))) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    throw quotaExceededError(plan, 'aiQuestionsPerDay', (midnight - now.getTime()) / 1000);
  }
  recordMetric('quotaUsed', 1, { quota: 'aiQuestionsPerDay', plan });
}

function chartCitation(chart: ChatChart): ChatCitation {
  const first = chart.points[0];
  const last = chart.points.at(-1);
  return {
    tool: 'get_price_history',
    label: `Chart: ${chart.symbol}, ${historyRangeLabels[chart.timeframe as HistoryRange] ?? chart.timeframe}`,
    source: chart.source ?? 'simulated',
    asOf: last?.time ?? null,
    symbols: [chart.symbol],
    figures: [first, last].flatMap((point, i) =>
      point
        ? [{ name: i === 0 ? 'First' : 'Last', value: `$${point.price.toFixed(2)}`, asOf: point.time }]
        : [],
    ),
    tradeIds: [],
  };
}

const dollars = (value: number | null) =>
  value === null
    ? 'unlimited'
    : `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function strategyCitation(suggestion: StrategySuggestion): ChatCitation {
  const p = suggestion.position!;
  return {
    tool: 'scan_options',
    label: `Suggested: ${suggestion.strategy} ${suggestion.symbol}`,
    source: p.source,
    asOf: p.asOf,
    symbols: [suggestion.symbol],
    figures: [
      { name: 'Position', value: `${p.expiration}, strikes ${p.strikes.join('/')}` },
      { name: 'Underlying', value: `$${p.underlyingPrice.toFixed(2)}` },
      { name: 'Probability of profit', value: `${suggestion.probability}%` },
      { name: 'Max loss / capital', value: `${dollars(p.maxLoss)} / ${dollars(p.capitalRequired)}` },
      {
        name: 'Risk',
        value: `${suggestion.risk}: loses ${Math.round(p.lossAtExpectedMove * 100)}% of its capital at worst within one expected move (±$${p.expectedMove.toFixed(2)})`,
      },
      { name: 'Edge score', value: String(p.edgeScore) },
    ],
    tradeIds: [],
  };
}

export async function askAssistant(
  deps: ChatDeps,
  userId: string,
  input: PostChatInput,
  logger: Logger,
  now = new Date(),
  /** The market's now, which the answer's quotes, charts and strategies read. */
  marketAt = marketNow(),
): Promise<ChatMessage> {
  const plan = await deps.planOf(userId, now);
  requireFeature(plan, 'research');
  await countQuestion(deps, userId, plan, now);

  const timeZone = input.tz ?? DEFAULT_TIME_ZONE;
  const toolbox = new Toolbox(
    {
      userId,
      at: marketAt,
      plan,
      timeZone,
      journal: deps.journal,
      feeds: deps.feeds,
      quotes: deps.quotes,
      chains: deps.chains ?? null,
    },
    logger,
  );
  const settings = await deps.modelSettings();
  let response: string;
  let failed = false;
  if (settings === null) {
    response = await offlineAnswer(input.message, toolbox, marketAt, timeZone);
  } else {
    try {
      const client = openAiClient(settings);
      response =
        (await askModel({ client, settings, question: input.message, toolbox, now: marketAt, timeZone })) ??
        CHAT_EMPTY_CONTENT;
    } catch (error) {
      logger.error('AI provider failed', { error, model: settings.model });
      recordMetric('aiProviderErrors');
      response = CHAT_PROVIDER_FAILURE;
      failed = true;
    }
  }

  const charts = failed ? [] : chartsFor(input.message, marketAt);
  const strategies = failed ? [] : strategySuggestionsFor(input.message, marketAt);
  const cardCitations = [...charts.map(chartCitation), ...strategies.map(strategyCitation)];
  const citations = failed
    ? []
    : [...toolbox.citations.slice(0, CHAT_CITATIONS_MAX - cardCitations.length), ...cardCitations];
  const message: ChatMessage = {
    id: newMessageId(now),
    user_id: userId,
    message: input.message,
    response,
    charts,
    strategies,
    citations,
    responder: settings === null ? 'offline' : 'model',
    created_at: now.toISOString(),
  };
  await deps.messages.put(message);
  return message;
}
