import type {
  CompetitionDetail,
  CreateCompetitionInput,
  EntryInput,
  ScoreInput,
} from '@grantleaf/shared/competitions.schema';
import type { OfficeReview } from '@grantleaf/shared/office-review.schema';
import type {
  HolidayList,
  Invitation,
  InviteInput,
  OrganisationDetail,
  OrganisationRole,
  ProgramDeadlineList,
  ProgramDeadlineView,
  UpdateOrganisationInput,
} from '@grantleaf/shared/organisations.schema';
import type { Comment, CommentInput, ShareInput, Shares } from '@grantleaf/shared/sharing.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation, usePaidPost } from '../../../lib/paid-mutation.ts';
import {
  holidaysQuery,
  officeListsKey,
  programDeadlinesQuery,
  ORGS,
  orgsKey,
  competitionsKey,
  reviewKey,
  sharesKey,
  commentsKey,
} from './teams.queries.ts';

/** Organisations, sharing and comments (issue 32): the session user's view of each. */

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

/** The institution's holidays (ADR 0441): members read them, owners and officers replace them. */
export function useHolidays(id: string) {
  const client = useQueryClient();
  const { queryKey: key } = holidaysQuery(id);
  const query = useQuery(holidaysQuery(id));
  const save = useMutation({
    mutationFn: (input: HolidayList) => api.put<HolidayList>(`${ORGS}/${id}/holidays`, input),
    onSuccess: (list) => {
      client.setQueryData(key, list);
      // The internal deadlines in the office list follow the holidays.
      void client.invalidateQueries({ queryKey: officeListsKey(id) });
    },
  });
  return { query, save };
}

/** Per-program internal deadlines (ADR 0650): members read them, owners and officers replace them. */
export function useProgramDeadlines(id: string) {
  const client = useQueryClient();
  const { queryKey: key } = programDeadlinesQuery(id);
  const query = useQuery(programDeadlinesQuery(id));
  const save = useMutation({
    mutationFn: (input: ProgramDeadlineList) =>
      api.put<ProgramDeadlineView>(`${ORGS}/${id}/program-deadlines`, input),
    onSuccess: (list) => {
      client.setQueryData(key, list);
      // The internal deadlines in the office list follow them.
      void client.invalidateQueries({ queryKey: officeListsKey(id) });
    },
  });
  return { query, save };
}

// --- limited-submission competitions (ADR 0650) ----------------------------------------------------

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
