import { useRef, useState } from 'react';
import type { ScannerLinkState } from '@shared/chat/scanner-link';
import { CHAT_ANALYZING } from '@shared/constants/texts';
import { ErrorAlert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useChatHistory } from '../api/get-chat-history';
import { useSendChatMessage } from '../api/send-chat-message';
import { useAutoScroll } from '../hooks/use-auto-scroll';
import { browserTimeZone } from '../utils/format';
import { ChatExchange, QuestionBubble } from './chat-exchange';
import { ChatInput } from './chat-input';

const WELCOME_TITLE = 'Welcome to Research Assistant';
const WELCOME_TEXT = 'Ask me about market conditions, stock analysis, or options strategies.';
const EXAMPLES = [
  'Is NVDA bullish here?',
  'How is the market today?',
  'How did my iron condors do this quarter?',
];

function sendErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'quota_exceeded' || error.code === 'plan_limit') return error.message;
    if (error.status === 0) return error.message;
  }
  return 'Your question could not be sent. Please try again.';
}

type ResearchAssistantProps = { onOpenStrategy: (state: ScannerLinkState) => void };

/**
 * The Research Assistant (spec 2): the last 50 exchanges on entry, a question box, 'Analyzing...'
 * while the server answers, and each reply with its charts, suggested strategies and sources.
 */
export function ResearchAssistant({ onOpenStrategy }: ResearchAssistantProps) {
  const history = useChatHistory();
  const send = useSendChatMessage();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const messages = history.data?.messages ?? [];
  const pending = send.isPending ? send.variables?.message : undefined;
  const logRef = useAutoScroll<HTMLDivElement>(`${messages.length}:${pending ?? ''}:${String(send.isError)}`);

  function ask(question = draft) {
    const message = question.trim();
    if (!message || send.isPending) return; // spec 5: blank text or a request in flight is ignored
    setDraft('');
    send.mutate(
      { message, tz: browserTimeZone() },
      {
        onError: () => setDraft((current) => current || question),
        onSettled: () => inputRef.current?.focus(),
      },
    );
  }

  const empty = messages.length === 0 && !pending;
  return (
    <section
      aria-label="Research Assistant conversation"
      className="flex h-[calc(100dvh-14rem)] min-h-[28rem] flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/40 max-md:h-[calc(100dvh-15rem)]"
    >
      <div
        ref={logRef}
        role="log"
        aria-label="Conversation"
        className="flex-1 space-y-6 overflow-y-auto p-2.5 sm:p-5"
      >
        {history.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-400">
            <Spinner className="size-4 text-emerald-400" /> Loading your conversation...
          </p>
        ) : (
          empty && (
            <div className="mx-auto max-w-lg py-10 text-center">
              <h2 className="text-lg font-semibold text-white">{WELCOME_TITLE}</h2>
              <p className="mt-2 text-sm text-slate-400">{WELCOME_TEXT}</p>
              <ul aria-label="Example questions" className="mt-5 flex flex-wrap justify-center gap-2">
                {EXAMPLES.map((example) => (
                  <li key={example}>
                    <button
                      type="button"
                      onClick={() => ask(example)}
                      disabled={send.isPending}
                      className="rounded-full border border-slate-700 px-3 py-1.5 text-xs text-slate-300 hover:border-emerald-400/50 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-300"
                    >
                      {example}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )
        )}
        {messages.map((message) => (
          <ChatExchange key={message.id} message={message} onOpenStrategy={onOpenStrategy} />
        ))}
        {pending && (
          <div className="space-y-3">
            <QuestionBubble text={pending} />
            <p role="status" className="flex items-center gap-2 text-sm text-slate-300">
              <Spinner className="size-4 text-emerald-400" />
              {CHAT_ANALYZING}
            </p>
          </div>
        )}
        {send.isError && <ErrorAlert>{sendErrorText(send.error)}</ErrorAlert>}
      </div>
      <ChatInput
        value={draft}
        onChange={setDraft}
        onSend={() => ask()}
        isSending={send.isPending}
        inputRef={inputRef}
      />
    </section>
  );
}
