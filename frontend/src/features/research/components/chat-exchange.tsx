import type { ScannerLinkState } from '@shared/chat/scanner-link';
import type { ChatMessage } from '@shared/chat/schemas';
import { formatDateTime } from '../utils/format';
import { CitationList } from './citation-list';
import { PriceChartCard } from './price-chart-card';
import { ReplyMarkdown } from './reply-markdown';
import { StrategyList } from './strategy-list';

export function QuestionBubble({ text, time }: { text: string; time?: string }) {
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-emerald-500/15 px-4 py-2.5 text-sm whitespace-pre-wrap text-emerald-50 ring-1 ring-emerald-400/20">
        <span className="sr-only">You asked: </span>
        {text}
        {time && (
          <span className="mt-1 block text-right text-[11px] text-emerald-200/60">
            {formatDateTime(time)}
          </span>
        )}
      </div>
    </div>
  );
}

type ChatExchangeProps = {
  message: ChatMessage;
  onOpenStrategy: (state: ScannerLinkState) => void;
};

/** One stored exchange: the question, then the reply with its charts, strategies and sources. */
export function ChatExchange({ message, onOpenStrategy }: ChatExchangeProps) {
  return (
    <article aria-label={`Question: ${message.message}`} className="space-y-3">
      <QuestionBubble text={message.message} time={message.created_at} />
      <div className="space-y-3 rounded-2xl rounded-bl-sm border border-slate-800 bg-slate-900/60 p-3 sm:p-4">
        <p className="flex items-center gap-2 text-xs font-semibold text-slate-400">
          <span aria-hidden="true" className="inline-block size-2 rounded-full bg-emerald-400" />
          Research Assistant
          {message.responder === 'offline' && (
            <span className="rounded-full bg-slate-800 px-2 py-0.5 font-medium text-slate-300">
              Offline analyst
            </span>
          )}
        </p>
        <ReplyMarkdown text={message.response} />
        {message.charts.length > 0 && (
          <div className="grid gap-3 md:grid-cols-2">
            {message.charts.map((chart) => (
              <PriceChartCard key={chart.symbol} chart={chart} />
            ))}
          </div>
        )}
        <StrategyList strategies={message.strategies} onOpen={onOpenStrategy} />
        <CitationList citations={message.citations} />
      </div>
    </article>
  );
}
