import { useRef } from 'react';

/**
 * One `Idempotency-Key` per intended write: the same body sent again (a double click, a retry)
 * goes with the same key; a changed body gets a new one (the server refuses a key reused for
 * another body).
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body) => {
    const json = JSON.stringify(body);
    if (last.current?.body !== json) last.current = { body: json, key: crypto.randomUUID() };
    return last.current.key;
  };
}
