import { groupProgramNames } from '@grantleaf/shared/marketing-content';
import { useQuery } from '@tanstack/react-query';
import { useAfterHydration } from '../../../lib/use-hydrated.ts';
import { landingProgramsQuery } from './public.queries.ts';

export { usePublicConfig } from '../../../lib/public-config.ts';

/**
 * The landing page's program names, drawn from the catalogue. Until the catalogue answers (or if
 * it fails) each group shows the names of the content module.
 */
export function useProgramGroups() {
  const query = useQuery(landingProgramsQuery());
  return groupProgramNames(useAfterHydration(query.data) ?? []);
}
