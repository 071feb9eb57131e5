/**
 * A short in-memory cache of catalogue text searches (issue 15 §15): a flood of the same public
 * query is answered from memory instead of queueing statements in front of signed-in users. Per
 * process and short-lived, so a catalogue change shows everywhere within SEARCH_CACHE_TTL_MS.
 */
export const SEARCH_CACHE_TTL_MS = 10_000;
export const SEARCH_CACHE_MAX_ENTRIES = 256;

export function createSearchCache<T>(now: () => number = () => Date.now()) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      // Full: the oldest entry goes (a Map iterates in insertion order).
      if (entries.size >= SEARCH_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: now() + SEARCH_CACHE_TTL_MS });
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
export type SearchCache<T> = ReturnType<typeof createSearchCache<T>>;
