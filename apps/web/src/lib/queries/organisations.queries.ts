import type { OrganisationSummary } from '@grantleaf/shared/organisations.schema';
import { queryOptions } from '@tanstack/react-query';
import { queryGet } from '../api.ts';

export type OrganisationList = {
  data: OrganisationSummary[];
  joinable: Array<{ id: string; name: string; domain: string }>;
};

/**
 * The organisations the user belongs to and may join: the organisations page and every paid
 * dialog's "Pay from" read it, so one key and one fetch. A display list (names, roles): typed.
 */
export const organisationsQuery = () =>
  queryOptions({
    queryKey: ['/api/organisations'] as const,
    queryFn: () => queryGet<OrganisationList>('/api/organisations', 'organisations'),
  });
