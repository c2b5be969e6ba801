/** Spec: Enter sends, Shift+Enter adds a line (and Enter while composing text in an IME does neither). */
export function isSendKey(event: {
  key: string;
  shiftKey: boolean;
  nativeEvent: { isComposing?: boolean };
}): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}
