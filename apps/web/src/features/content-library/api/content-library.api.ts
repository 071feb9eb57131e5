import type {
  Block,
  BlockInput,
  RecordUseInput,
  UpdateBlockInput,
} from '@grantleaf/shared/content-library.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { BLOCKS, blocksKey } from './content-library.queries.ts';

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
