import type { IdeaRequestInput, IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { useQueryClient } from '@tanstack/react-query';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { refreshAfterSubmit } from '../../../lib/query-client.ts';

export function useCreateIdeaRequest() {
  const queryClient = useQueryClient();
  return usePaidMutation<IdeaRequestInput, IdeaRequestRecord>({
    request: (input) => ({ path: '/api/idea-generator-requests', body: input }),
    onSuccess: () => refreshAfterSubmit(queryClient),
  });
}
