import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { programNamesQuery } from './programs.queries.ts';

/** "Agency — Name" for the programs the given ids name (a user's submissions), retired ones too. */
export function useProgramNames(ids: readonly string[]) {
  const query = useQuery(programNamesQuery(ids));
  // The same Map while the answer is the same, so the memoised table it feeds is not re-rendered.
  return useMemo(
    () => new Map((query.data ?? []).map((p) => [p.id, `${p.agency} — ${p.name}`])),
    [query.data],
  );
}
