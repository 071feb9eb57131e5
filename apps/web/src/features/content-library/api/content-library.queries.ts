import type { Block, LibraryCategory } from '@grantleaf/shared/content-library.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The content library's read (ADR 1080): a display list of blocks, so a typed cast.

export const BLOCKS = '/api/library/blocks';

export const blocksKey = [BLOCKS] as const;

export function blocksQuery(filter: { q?: string; category?: LibraryCategory | '' }) {
  const params = new URLSearchParams();
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.category) params.set('category', filter.category);
  const query = params.toString();
  return queryOptions<Block[]>({
    queryKey: [...blocksKey, query],
    queryFn: () => api.get<Block[]>(query ? `${BLOCKS}?${query}` : BLOCKS),
    // The list stays while the next search loads, so typing does not flash an empty library.
    placeholderData: keepPreviousData,
  });
}
