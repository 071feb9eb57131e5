import {
  applicationDetailSchema,
  versionDetailSchema,
  versionListSchema,
} from '@grantleaf/shared/application-document.schema';
import { suggestionListSchema } from '@grantleaf/shared/section-actions.schema';
import type { ApplicationAnalysis } from '@grantleaf/shared/submissions.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The application's reads (ADR 1080): each factory owns its key and its fetch; pages call
// useQuery(applicationQuery(id)) and mutations invalidate `applicationQuery(id).queryKey`. The
// editor and the version dialog branch on what they get (the user's access, the sections, an AI
// action's status), so those answers are parsed by the shared schemas the server answers with; a
// page that gets something else fails its query and shows its fallback instead of half a page.
// Not on the dashboard's first paint (ADR 190): the dashboard reads lib/queries/.

/** `fresh`: a reader (the draft viewer) wants the saved version now, not what the editor cached. */
export const applicationQuery = (id: string, { fresh = false }: { fresh?: boolean } = {}) =>
  queryOptions({
    queryKey: [`/api/applications/${id}`] as const,
    queryFn: async () => applicationDetailSchema.parse(await api.get(`/api/applications/${id}`)),
    // The editor holds the text; a background refetch must not replace what is being typed.
    refetchOnWindowFocus: false,
    staleTime: fresh ? 0 : Infinity,
  });

/**
 * The analyses attached to this application (issue 16 §1), newest first. A display list (each
 * analysis's own scores drawn as they are): a typed cast.
 */
export const analysesQuery = (id: string) =>
  queryOptions({
    queryKey: [`/api/applications/${id}/analyses`] as const,
    queryFn: async () =>
      (await api.get<{ analyses: ApplicationAnalysis[] }>(`/api/applications/${id}/analyses`)).analyses,
  });

export const versionsQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: [`/api/applications/${id}/versions`] as const,
    enabled,
    queryFn: async () => versionListSchema.parse(await api.get(`/api/applications/${id}/versions`)).data,
  });

export const versionQuery = (id: string, version: number | null) =>
  queryOptions({
    queryKey: [`/api/applications/${id}/versions/${version}`] as const,
    enabled: version !== null,
    queryFn: async () =>
      versionDetailSchema.parse(await api.get(`/api/applications/${id}/versions/${version}`)),
  });

/** How often the editor asks after a running AI action, like the dashboard's paid work. */
export const SUGGESTION_POLL_MS = 2000;

/** The section AI actions' suggestions, polled while one is still being written. */
export const suggestionsQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: [`/api/applications/${id}/suggestions`] as const,
    // Only the owner runs AI actions; a shared copy asks for none (issue 32 §2).
    enabled,
    queryFn: async () => suggestionListSchema.parse(await api.get(`/api/applications/${id}/suggestions`)),
    refetchInterval: (query) =>
      query.state.data?.data.some((s) => s.status === 'processing') ? SUGGESTION_POLL_MS : false,
  });
