import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { apiRequest, statusOf } from './api.ts';

/** A fresh Idempotency-Key. getRandomValues, unlike randomUUID, also works on plain-http origins. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * Whether the server kept its answer under the key (ADR 0010 keeps every answer but a 5xx, 408,
 * 409 and 429). A kept answer is all that key can ever get back, so the next try needs a new one.
 */
function answerKept(error: unknown): boolean {
  const status = statusOf(error);
  return status > 0 && status < 500 && status !== 408 && status !== 409 && status !== 429;
}

/** A chosen file as one attempt sees it: the same file picked again is the same attempt. */
export const fileAttempt = (file: File | null | undefined) =>
  file ? [file.name, file.size, file.lastModified] : null;

export interface PaidRequest {
  path: string;
  /** The JSON sent; none for a POST that carries no body. */
  body?: unknown;
}

/**
 * A paid or once-only POST (credits spent or moved, a checkout, a new organisation, a comment):
 * the one place the web sends an Idempotency-Key (ADR 0010). Tries of one attempt share a key
 * until an answer the server keeps comes back, so a double click or a retry after a lost answer or
 * a 5xx is charged once; a success or a kept refusal (a 402, say) ends the attempt, and a changed
 * request is another attempt with its own key (the server refuses a key reused for another body).
 * The attempt is the path and body unless the caller names it (a form whose upload is redone on
 * a retry is the same attempt with a new file address).
 */
export function usePaidPost() {
  const keys = useRef(new Map<string, string>());
  return useCallback(async <R>({ path, body }: PaidRequest, attempt: unknown = [path, body]): Promise<R> => {
    const id = JSON.stringify(attempt) ?? '';
    const key = keys.current.get(id) ?? newIdempotencyKey();
    keys.current.set(id, key);
    try {
      const answer = await apiRequest<R>('POST', path, body, { headers: { 'Idempotency-Key': key } });
      keys.current.delete(id);
      return answer;
    } catch (error) {
      if (answerKept(error)) keys.current.delete(id);
      throw error;
    }
  }, []);
}

/** usePaidPost as a mutation: the request for an input, and what makes two inputs one attempt. */
export function usePaidMutation<I, R>({
  request,
  attempt,
  ...options
}: {
  /** Where the input goes; it may first do work whose answer the body carries (an upload). */
  request: (input: I) => PaidRequest | Promise<PaidRequest>;
  /** What makes two tries one attempt, when the path and body do not (they change on a retry). */
  attempt?: (input: I) => unknown;
} & Omit<UseMutationOptions<R, Error, I>, 'mutationFn'>) {
  const post = usePaidPost();
  return useMutation<R, Error, I>({
    ...options,
    mutationFn: async (input) => {
      const sent = await request(input);
      return post<R>(sent, attempt ? attempt(input) : undefined);
    },
  });
}
