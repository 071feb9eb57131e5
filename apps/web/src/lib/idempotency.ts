import { useMemo, useRef } from 'react';

/** A fresh Idempotency-Key (ADR 0010). getRandomValues, unlike randomUUID, also works on plain-http origins. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The Idempotency-Key of one paid form. A retry of the same input (a double click, an answer lost
 * to the network) sends the same key, so the server charges once; a changed input is new work and
 * gets a new key (the server refuses a key reused for another body), as does the next submission
 * after a success.
 */
export function useIdempotencyKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);
  return useMemo(
    () => ({
      for(payload: unknown): string {
        const text = JSON.stringify(payload);
        if (last.current?.payload !== text) last.current = { payload: text, key: newIdempotencyKey() };
        return last.current.key;
      },
      done() {
        last.current = null;
      },
    }),
    [],
  );
}
