import { type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { CHAT_MESSAGE_MAX } from '@shared/chat/schemas';
import { Button } from '../../../components/ui/button';
import { isSendKey } from '../utils/keyboard';

type ChatInputProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  isSending: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/** 'Ask the Assistant...': Enter sends, Shift+Enter adds a line; Send is off while blank or sending. */
export function ChatInput({ value, onChange, onSend, isSending, inputRef }: ChatInputProps) {
  const blank = value.trim() === '';
  const canSend = !blank && !isSending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSend) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey(event)) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-2 border-t border-slate-800 bg-slate-950/80 p-3 sm:p-4"
    >
      <label htmlFor="research-question" className="sr-only">
        Ask the Assistant
      </label>
      <textarea
        id="research-question"
        ref={inputRef}
        rows={1}
        value={value}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder="Ask the Assistant..."
        aria-describedby="research-question-hint"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-slate-700 bg-slate-900 px-3 py-2.5 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none"
      />
      <p id="research-question-hint" className="sr-only">
        Enter sends; Shift+Enter adds a line.
      </p>
      <Button type="submit" disabled={!canSend} className="min-h-11 shrink-0">
        Send
      </Button>
    </form>
  );
}
