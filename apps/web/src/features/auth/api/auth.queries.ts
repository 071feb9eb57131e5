import type { InstitutionLookup } from '@grantleaf/shared/email-domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { User } from '@grantleaf/shared/auth.schema';
import { CURRENT_USER_STALE_MS } from '@grantleaf/shared/constants';
import { applyLanguage, currentLanguage } from '../../../i18n/index.ts';
import { api, loadFailure, statusOf } from '../../../lib/api.ts';
import { getSessionId, setSessionId } from '../../../lib/session.ts';

/** What the known-academic list says of a registrable domain; the list stays on the server. */
export function institutionQuery(domain: string | null) {
  return queryOptions<InstitutionLookup>({
    queryKey: ['/api/institutions', domain],
    enabled: domain !== null,
    staleTime: Infinity,
    queryFn: () => api.get<InstitutionLookup>(`/api/institutions/${encodeURIComponent(domain ?? '')}`),
  });
}

/** Also in the paid-work catalogue's refresh list (spec §7: a paid submit fetches the balance again). */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/**
 * The signed-in user, or null; a 401 or 404 signs the visitor out (spec §4). Read by every page
 * before anything else, the dashboard's first paint included, which stays free of zod (ADR 190):
 * a typed cast.
 */
export const currentUserQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    enabled: Boolean(getSessionId()),
    staleTime: CURRENT_USER_STALE_MS,
    queryFn: async (): Promise<User | null> => {
      try {
        const user = await api.get<User>(CURRENT_USER_KEY[0]);
        // The account's language wins over this browser's (ADR 0360): the page renders in it.
        if (user.language && user.language !== currentLanguage()) await applyLanguage(user.language);
        return user;
      } catch (error) {
        if (statusOf(error) === 401 || statusOf(error) === 404) {
          setSessionId(null);
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
          return null;
        }
        throw loadFailure(error, 'user');
      }
    },
  });
