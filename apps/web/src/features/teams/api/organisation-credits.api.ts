import type {
  OrganisationCredits,
  OrganisationLimitInput,
} from '@grantleaf/shared/organisation-credits.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryGet } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';

/** An organisation's credits (issue 32 §1, ADR 0720): balance, allowances and who spent what. */
const creditsKey = (id: string) => ['/api/organisations', id, 'credits'] as const;

export function useOrganisationCredits(id: string) {
  const client = useQueryClient();
  const key = creditsKey(id);
  const query = useQuery<OrganisationCredits>({
    queryKey: key,
    queryFn: () => queryGet(`/api/organisations/${id}/credits`, 'the organisation’s credits'),
  });
  const onSuccess = (view: OrganisationCredits) => {
    client.setQueryData(key, view);
    // A transfer takes the owner's own credits: the header's balance reloads.
    void client.invalidateQueries({ queryKey: ['/api/auth/user'] });
  };
  const transfer = usePaidMutation<number, OrganisationCredits>({
    request: (credits) => ({ path: `/api/organisations/${id}/credits/transfers`, body: { credits } }),
    onSuccess,
  });
  const setLimit = useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: OrganisationLimitInput }) =>
      api.put<OrganisationCredits>(`/api/organisations/${id}/credits/limits/${userId}`, input),
    onSuccess,
  });
  return { query, transfer, setLimit };
}
