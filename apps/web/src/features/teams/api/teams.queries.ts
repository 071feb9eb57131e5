import type { CompetitionDetail, CompetitionList } from '@grantleaf/shared/competitions.schema';
import { officeReviewSchema } from '@grantleaf/shared/office-review.schema';
import type {
  HolidayList,
  OfficeApplication,
  OfficeListQuery,
  OrganisationDetail,
  ProgramDeadlineView,
} from '@grantleaf/shared/organisations.schema';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import type { Comment, SharedApplication, Shares } from '@grantleaf/shared/sharing.schema';
import { queryOptions } from '@tanstack/react-query';
import { api, queryGet } from '../../../lib/api.ts';
import { organisationsQuery } from '../../../lib/queries/organisations.queries.ts';
import type { OrganisationCredits } from '@grantleaf/shared/organisation-credits.schema';

// The teams feature's reads (ADR 1080). Typed casts but for the office review: organisations, the office
// list, holidays, deadlines, competitions, shares and comments are drawn as the server sends them, and every
// change answers the fresh record, which replaces the cached one under the factory's key.

export const ORGS = '/api/organisations';

/** The organisations list's key: lib/queries' organisationsQuery, which the paid dialogs read too. */
export const orgsKey = organisationsQuery().queryKey;

export const orgKey = (id: string) => [ORGS, id] as const;

/** The office list's filters as a query string ('' without any), for the page and the CSV alike. */
export function officeQuery(filter: OfficeListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const competitionsKey = (orgId: string) => [ORGS, orgId, 'competitions'] as const;

export const reviewKey = (id: string) => [`/api/applications/${id}/office-review`] as const;

export const sharedKey = ['/api/shared-applications'] as const;

export const sharesKey = (id: string) => [`/api/applications/${id}/shares`] as const;

export const commentsKey = (id: string) => [`/api/applications/${id}/comments`] as const;

export function organisationQuery(id: string | null) {
  return queryOptions<OrganisationDetail>({
    queryKey: orgKey(id ?? ''),
    queryFn: () => queryGet(`${ORGS}/${id}`, 'the organisation'),
    enabled: Boolean(id),
  });
}

/** Every filtered office list of one organisation: what a change to its deadlines refreshes. */
export const officeListsKey = (id: string) => [ORGS, id, 'applications'] as const;

/** The office's list of applications shared with the organisation (owners and officers). */
export function officeListQuery(id: string, enabled: boolean, filter: OfficeListQuery = {}) {
  const query = officeQuery(filter);
  return queryOptions<{ data: OfficeApplication[] }>({
    queryKey: [...officeListsKey(id), query],
    queryFn: () => queryGet(`${ORGS}/${id}/applications${query}`, 'the office list'),
    enabled,
  });
}

/** Catalogue programs whose name matches the words (at most 10), for choosing one by name. */
export function programSearchQuery(q: string) {
  const words = q.trim();
  return queryOptions<GrantProgram[]>({
    queryKey: ['/api/grant-programs', 'pick', words],
    enabled: words.length >= 2,
    staleTime: 60_000,
    queryFn: () =>
      api.get<GrantProgram[]>(`/api/grant-programs?q=${encodeURIComponent(words)}&pageSize=10&page=1`),
  });
}

export function competitionsQuery(orgId: string) {
  return queryOptions<CompetitionList>({
    queryKey: competitionsKey(orgId),
    queryFn: () => queryGet(`${ORGS}/${orgId}/competitions`, 'the competitions'),
  });
}

export function competitionQuery(orgId: string, competitionId: string) {
  return queryOptions<CompetitionDetail>({
    queryKey: [...competitionsKey(orgId), competitionId],
    queryFn: () => queryGet(`${ORGS}/${orgId}/competitions/${competitionId}`, 'the competition'),
  });
}

export function officeReviewQuery(applicationId: string) {
  // The panel branches on the review's state and on what the user may do: parsed.
  return queryOptions({
    queryKey: reviewKey(applicationId),
    queryFn: async () =>
      officeReviewSchema.parse(
        await queryGet(`/api/applications/${applicationId}/office-review`, 'the office review'),
      ),
  });
}

export function sharedWithMeQuery() {
  return queryOptions<{ data: SharedApplication[] }>({
    queryKey: sharedKey,
    queryFn: () => queryGet('/api/shared-applications', 'shared applications'),
  });
}

export function sharesQuery(applicationId: string, enabled: boolean) {
  return queryOptions<Shares>({
    queryKey: sharesKey(applicationId),
    queryFn: () => queryGet(`/api/applications/${applicationId}/shares`, 'the sharing'),
    enabled,
  });
}

export function commentsQuery(applicationId: string) {
  return queryOptions<{ data: Comment[] }>({
    queryKey: commentsKey(applicationId),
    queryFn: () => queryGet(`/api/applications/${applicationId}/comments`, 'comments'),
  });
}

/** The institution's holidays (ADR 0441): members read them, owners and officers replace them. */
export const holidaysQuery = (id: string) =>
  queryOptions({
    queryKey: [ORGS, id, 'holidays'] as const,
    queryFn: () => queryGet<HolidayList>(`${ORGS}/${id}/holidays`, 'the holidays'),
  });

/** Per-program internal deadlines (ADR 0650): members read them, owners and officers replace them. */
export const programDeadlinesQuery = (id: string) =>
  queryOptions({
    queryKey: [ORGS, id, 'program-deadlines'] as const,
    queryFn: () => queryGet<ProgramDeadlineView>(`${ORGS}/${id}/program-deadlines`, 'the program deadlines'),
  });

/** An organisation's credits (issue 32 §1, ADR 0720): balance, allowances and who spent what. */
export const organisationCreditsQuery = (id: string) =>
  queryOptions({
    queryKey: [ORGS, id, 'credits'] as const,
    queryFn: () => queryGet<OrganisationCredits>(`${ORGS}/${id}/credits`, 'the organisation’s credits'),
  });
