import type {
  OrganisationCredits,
  OrganisationLimitInput,
} from '@grantleaf/shared/organisation-credits.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { organisationCreditsQuery } from './teams.queries.ts';
import { CURRENT_USER_KEY } from '../../auth/api/auth.api.ts';

export function useOrganisationCredits(id: string) {
  const client = useQueryClient();
  const { queryKey: key } = organisationCreditsQuery(id);
  const query = useQuery(organisationCreditsQuery(id));
  const onSuccess = (view: OrganisationCredits) => {
    client.setQueryData(key, view);
    // A transfer takes the owner's own credits: the header's balance reloads.
    void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
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
