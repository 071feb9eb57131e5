import type {
  CompetitionDetail,
  CompetitionList,
  CreateCompetitionInput,
  EntryInput,
  ScoreInput,
} from '@grantleaf/shared/competitions.schema';
import type { OfficeReview } from '@grantleaf/shared/office-review.schema';
import type {
  HolidayList,
  OfficeApplication,
  OfficeListQuery,
  Invitation,
  InviteInput,
  OrganisationDetail,
  OrganisationRole,
  OrganisationSummary,
  ProgramDeadlineList,
  ProgramDeadlineView,
  UpdateOrganisationInput,
} from '@grantleaf/shared/organisations.schema';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import type {
  Comment,
  CommentInput,
  ShareInput,
  SharedApplication,
  Shares,
} from '@grantleaf/shared/sharing.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryGet } from '../../../lib/api.ts';
import { usePaidMutation, usePaidPost } from '../../../lib/paid-mutation.ts';

/** Organisations, sharing and comments (issue 32): the session user's view of each. */

const ORGS = '/api/organisations';
export const orgsKey = [ORGS] as const;
const orgKey = (id: string) => [ORGS, id] as const;

type OrganisationList = {
  data: OrganisationSummary[];
  joinable: Array<{ id: string; name: string; domain: string }>;
};

export function useOrganisations() {
  return useQuery<OrganisationList>({ queryKey: orgsKey, queryFn: () => queryGet(ORGS, 'organisations') });
}

export function useOrganisation(id: string | null) {
  return useQuery<OrganisationDetail>({
    queryKey: orgKey(id ?? ''),
    queryFn: () => queryGet(`${ORGS}/${id}`, 'the organisation'),
    enabled: Boolean(id),
  });
}

/** Every change to an organisation answers with it; the lists around it reload. */
function useOrgMutation<I>(run: (input: I) => Promise<OrganisationDetail | null | Invitation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: orgsKey }),
  });
}

/** A change that must happen once (a new organisation, an invitation): its tries share a key. */
function useOnceOrgMutation<I, R>(request: (input: I) => { path: string; body: unknown }) {
  const client = useQueryClient();
  return usePaidMutation<I, R>({
    request,
    onSuccess: () => client.invalidateQueries({ queryKey: orgsKey }),
  });
}

export const useCreateOrganisation = () =>
  useOnceOrgMutation<{ name: string; domain: string | null }, OrganisationDetail>((input) => ({
    path: ORGS,
    body: input,
  }));
export const useUpdateOrganisation = (id: string) =>
  useOrgMutation((input: UpdateOrganisationInput) => api.patch<OrganisationDetail>(`${ORGS}/${id}`, input));
export const useInvite = (id: string) =>
  useOnceOrgMutation<InviteInput, Invitation>((input) => ({
    path: `${ORGS}/${id}/invitations`,
    body: input,
  }));
export const useRevokeInvitation = (id: string) =>
  useOrgMutation((invitationId: string) => api.delete<null>(`${ORGS}/${id}/invitations/${invitationId}`));
export const useJoinOrganisation = () =>
  useOrgMutation((id: string) => api.post<OrganisationDetail>(`${ORGS}/${id}/join`));
export const useAcceptInvitation = () =>
  useOrgMutation((token: string) => api.post<OrganisationDetail>(`${ORGS}/invitations/accept`, { token }));
export const useChangeRole = (id: string) =>
  useOrgMutation((input: { userId: string; role: OrganisationRole }) =>
    api.patch<OrganisationDetail>(`${ORGS}/${id}/members/${input.userId}`, { role: input.role }),
  );
export const useRemoveMember = (id: string) =>
  useOrgMutation((userId: string) => api.delete<null>(`${ORGS}/${id}/members/${userId}`));

/** The office list's filters as a query string ('' without any), for the page and the CSV alike. */
export function officeQuery(filter: OfficeListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The office's list of applications shared with the organisation (owners and officers). */
export function useOfficeList(id: string, enabled: boolean, filter: OfficeListQuery = {}) {
  const query = officeQuery(filter);
  return useQuery<{ data: OfficeApplication[] }>({
    queryKey: [ORGS, id, 'applications', query],
    queryFn: () => queryGet(`${ORGS}/${id}/applications${query}`, 'the office list'),
    enabled,
  });
}

/** The institution's holidays (ADR 0441): members read them, owners and officers replace them. */
export function useHolidays(id: string) {
  const client = useQueryClient();
  const key = [ORGS, id, 'holidays'] as const;
  const query = useQuery<HolidayList>({
    queryKey: key,
    queryFn: () => queryGet(`${ORGS}/${id}/holidays`, 'the holidays'),
  });
  const save = useMutation({
    mutationFn: (input: HolidayList) => api.put<HolidayList>(`${ORGS}/${id}/holidays`, input),
    onSuccess: (list) => {
      client.setQueryData(key, list);
      // The internal deadlines in the office list follow the holidays.
      void client.invalidateQueries({ queryKey: [ORGS, id, 'applications'] });
    },
  });
  return { query, save };
}

/** Per-program internal deadlines (ADR 0650): members read them, owners and officers replace them. */
export function useProgramDeadlines(id: string) {
  const client = useQueryClient();
  const key = [ORGS, id, 'program-deadlines'] as const;
  const query = useQuery<ProgramDeadlineView>({
    queryKey: key,
    queryFn: () => queryGet(`${ORGS}/${id}/program-deadlines`, 'the program deadlines'),
  });
  const save = useMutation({
    mutationFn: (input: ProgramDeadlineList) =>
      api.put<ProgramDeadlineView>(`${ORGS}/${id}/program-deadlines`, input),
    onSuccess: (list) => {
      client.setQueryData(key, list);
      // The internal deadlines in the office list follow them.
      void client.invalidateQueries({ queryKey: [ORGS, id, 'applications'] });
    },
  });
  return { query, save };
}

/** Catalogue programs whose name matches the words (at most 10), for choosing one by name. */
export function useProgramSearch(q: string) {
  const words = q.trim();
  return useQuery<GrantProgram[]>({
    queryKey: ['/api/grant-programs', 'pick', words],
    enabled: words.length >= 2,
    staleTime: 60_000,
    queryFn: () =>
      api.get<GrantProgram[]>(`/api/grant-programs?q=${encodeURIComponent(words)}&pageSize=10&page=1`),
  });
}

// --- limited-submission competitions (ADR 0650) ----------------------------------------------------

const competitionsKey = (orgId: string) => [ORGS, orgId, 'competitions'] as const;
export function useCompetitions(orgId: string) {
  return useQuery<CompetitionList>({
    queryKey: competitionsKey(orgId),
    queryFn: () => queryGet(`${ORGS}/${orgId}/competitions`, 'the competitions'),
  });
}

export function useCompetition(orgId: string, competitionId: string) {
  return useQuery<CompetitionDetail>({
    queryKey: [...competitionsKey(orgId), competitionId],
    queryFn: () => queryGet(`${ORGS}/${orgId}/competitions/${competitionId}`, 'the competition'),
  });
}

/** The user's own applications (id and title), to link one to an internal application. */
export function useMyApplicationTitles(userId: string) {
  return useQuery<Array<{ id: string; title: string }>>({
    queryKey: ['teams', 'own-applications', userId],
    queryFn: async () =>
      (
        await queryGet<{ data: Array<{ id: string; title: string }> }>(
          `/api/users/${userId}/applications`,
          'applications',
        )
      ).data.map(({ id, title }) => ({ id, title })),
  });
}

/** Every change answers with the competition, which replaces the cached one; the list reloads. */
export function useCompetitionActions(orgId: string) {
  const client = useQueryClient();
  const post = usePaidPost();
  const base = `${ORGS}/${orgId}/competitions`;
  const set = (detail: CompetitionDetail) => {
    client.setQueryData([...competitionsKey(orgId), detail.id], detail);
    void client.invalidateQueries({ queryKey: competitionsKey(orgId), exact: true });
    return detail;
  };
  return {
    announce: async (input: CreateCompetitionInput) =>
      set(await post<CompetitionDetail>({ path: base, body: input })),
    enter: async (competitionId: string, input: EntryInput) =>
      set(await api.put<CompetitionDetail>(`${base}/${competitionId}/entry`, input)),
    score: async (competitionId: string, entryId: string, input: ScoreInput) =>
      set(await api.put<CompetitionDetail>(`${base}/${competitionId}/entries/${entryId}/score`, input)),
    select: async (competitionId: string, entryId: string, selected: boolean) =>
      set(
        await post<CompetitionDetail>({
          path: `${base}/${competitionId}/entries/${entryId}/selection`,
          body: { selected },
        }),
      ),
  };
}

// --- the office's review ---------------------------------------------------------------------------

const reviewKey = (id: string) => [`/api/applications/${id}/office-review`] as const;
export function useOfficeReview(applicationId: string) {
  return useQuery<OfficeReview>({
    queryKey: reviewKey(applicationId),
    queryFn: () => queryGet(`/api/applications/${applicationId}/office-review`, 'the office review'),
  });
}

/** Submit, request changes, approve: each answers with the review, which replaces the cached one. */
export function useOfficeReviewActions(applicationId: string) {
  const client = useQueryClient();
  const post = usePaidPost();
  const base = `/api/applications/${applicationId}/office-review`;
  const set = (review: OfficeReview) => {
    client.setQueryData(reviewKey(applicationId), review);
    void client.invalidateQueries({ queryKey: orgsKey });
  };
  return {
    submit: async (message: string) =>
      set(await post<OfficeReview>({ path: `${base}/submit`, body: { message } })),
    requestChanges: async (message: string) =>
      set(await post<OfficeReview>({ path: `${base}/request-changes`, body: { message } })),
    approve: async (message: string) =>
      set(await post<OfficeReview>({ path: `${base}/approve`, body: { message } })),
  };
}

// --- sharing ---------------------------------------------------------------------------------------

export const sharedKey = ['/api/shared-applications'] as const;
export function useSharedWithMe() {
  return useQuery<{ data: SharedApplication[] }>({
    queryKey: sharedKey,
    queryFn: () => queryGet('/api/shared-applications', 'shared applications'),
  });
}

const sharesKey = (id: string) => [`/api/applications/${id}/shares`] as const;
export function useShares(applicationId: string, enabled: boolean) {
  return useQuery<Shares>({
    queryKey: sharesKey(applicationId),
    queryFn: () => queryGet(`/api/applications/${applicationId}/shares`, 'the sharing'),
    enabled,
  });
}

export function useShareActions(applicationId: string) {
  const client = useQueryClient();
  const post = usePaidPost();
  const base = `/api/applications/${applicationId}`;
  const set = (shares: Shares | null) => {
    // The office review follows the organisation share (ADR 0440).
    void client.invalidateQueries({ queryKey: reviewKey(applicationId) });
    return shares
      ? client.setQueryData(sharesKey(applicationId), shares)
      : client.invalidateQueries({ queryKey: sharesKey(applicationId) });
  };
  return {
    share: async (input: ShareInput) => set(await post<Shares>({ path: `${base}/shares`, body: input })),
    unshare: async (shareId: string) => set(await api.delete<null>(`${base}/shares/${shareId}`)),
    shareWithOrganisation: async (organisationId: string) =>
      set(await api.put<Shares>(`${base}/organisation-share`, { organisationId })),
    unshareOrganisation: async () => set(await api.delete<null>(`${base}/organisation-share`)),
  };
}

// --- comments --------------------------------------------------------------------------------------

const commentsKey = (id: string) => [`/api/applications/${id}/comments`] as const;
export function useComments(applicationId: string) {
  return useQuery<{ data: Comment[] }>({
    queryKey: commentsKey(applicationId),
    queryFn: () => queryGet(`/api/applications/${applicationId}/comments`, 'comments'),
  });
}

export function useCommentActions(applicationId: string) {
  const client = useQueryClient();
  const post = usePaidPost();
  const base = `/api/applications/${applicationId}/comments`;
  const set = (list: { data: Comment[] }) => client.setQueryData(commentsKey(applicationId), list);
  return {
    add: async (input: CommentInput) => set(await post<{ data: Comment[] }>({ path: base, body: input })),
    resolve: async (commentId: string, resolved: boolean) =>
      set(await api.post<{ data: Comment[] }>(`${base}/${commentId}/resolve`, { resolved })),
  };
}
