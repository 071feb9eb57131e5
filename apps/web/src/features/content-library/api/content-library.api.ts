import type {
  Block,
  BlockInput,
  LibraryCategory,
  RecordUseInput,
  UpdateBlockInput,
} from '@grantleaf/shared/content-library.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const BLOCKS = '/api/library/blocks';
export const blocksKey = [BLOCKS] as const;

export function useBlocks(filter: { q?: string; category?: LibraryCategory | '' }) {
  const params = new URLSearchParams();
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.category) params.set('category', filter.category);
  const query = params.toString();
  return useQuery<Block[]>({
    queryKey: [...blocksKey, query],
    queryFn: () => api.get<Block[]>(query ? `${BLOCKS}?${query}` : BLOCKS),
    // The list stays while the next search loads, so typing does not flash an empty library.
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: blocksKey });
}

export function useCreateBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: BlockInput) => api.post<Block>(BLOCKS, input),
    onSuccess: refresh,
  });
}

export function useUpdateBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateBlockInput & { id: string }) =>
      api.patch<Block>(`${BLOCKS}/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteBlock() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete(`${BLOCKS}/${id}`), onSuccess: refresh });
}

/**
 * Notes that a block was inserted into an application's section (the editor calls it after an
 * insert): POST /api/library/blocks/:id/uses { applicationId, section }.
 */
export function useRecordBlockUse() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: RecordUseInput & { id: string }) =>
      api.post<Block>(`${BLOCKS}/${id}/uses`, input),
    onSuccess: refresh,
  });
}
