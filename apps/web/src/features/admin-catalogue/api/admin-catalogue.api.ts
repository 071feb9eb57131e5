import type { AdminProgram, ProgramEdit } from '@grantleaf/shared/catalogue.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { KEY } from './admin-catalogue.queries.ts';

/** Edit, verify, retire and restore answer with the program as it now is; the lists refresh. */
function useProgramMutation<V>(id: string, send: (vars: V) => Promise<AdminProgram>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (program) => {
      client.setQueryData([KEY, 'one', id], program);
      void client.invalidateQueries({ queryKey: [KEY, 'list'] });
      // Users' lists show the change too.
      void client.invalidateQueries({ queryKey: ['/api/grant-programs'] });
    },
  });
}

export function useEditProgram(id: string) {
  return useProgramMutation(id, (edit: ProgramEdit) =>
    api.patch<AdminProgram>(`${KEY}/${encodeURIComponent(id)}`, edit),
  );
}

export function useProgramAction(id: string) {
  return useProgramMutation(id, (action: 'verify' | 'retire' | 'restore') =>
    api.post<AdminProgram>(`${KEY}/${encodeURIComponent(id)}/${action}`),
  );
}
