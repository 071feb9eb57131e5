import type {
  ClaimGrantInput,
  ClaimSettings,
  ClaimView,
  ExpenseCategory,
  ImportFile,
  ImportMapping,
  ProjectInput,
} from '@grantleaf/shared/sred/sred.schema';
import type { NarrativeDraft } from '@grantleaf/shared/sred/narrative-draft.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { CLAIMS, narrativeDraftsQuery } from './sred.queries.ts';

export interface ImportPreview {
  headers: string[];
  rows: string[][];
  rowCount: number;
  suggested: Partial<ImportMapping>;
}
export interface ImportResult {
  imported: number;
  errors: { row: number; message: string }[];
}

/** Every change answers the claim's fresh view (with the server's recomputed record). */
function useClaimChange<V>(id: string, fn: (v: V) => Promise<ClaimView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (view) => {
      client.setQueryData([CLAIMS, id], view);
      void client.invalidateQueries({ queryKey: [CLAIMS], exact: true });
    },
  });
}

export function useCreateClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ClaimSettings) => api.post<ClaimView>(CLAIMS, settings),
    onSuccess: () => client.invalidateQueries({ queryKey: [CLAIMS], exact: true }),
  });
}

export const useSaveSettings = (id: string) =>
  useClaimChange(id, (settings: ClaimSettings) => api.put<ClaimView>(`${CLAIMS}/${id}`, settings));

export const useAddProject = (id: string) =>
  useClaimChange(id, (input: Partial<ProjectInput> & { title: string }) =>
    api.post<ClaimView>(`${CLAIMS}/${id}/projects`, input),
  );

export const useSaveProject = (id: string) =>
  useClaimChange(id, ({ projectId, ...input }: ProjectInput & { projectId: string }) =>
    api.put<ClaimView>(`${CLAIMS}/${id}/projects/${projectId}`, input),
  );

export const useSaveTime = (id: string) =>
  useClaimChange(id, (entries: { person: string; projectId: string | null; hours: number }[]) =>
    api.put<ClaimView>(`${CLAIMS}/${id}/time`, { entries }),
  );

/** Replaces the grants from the tracker that the claim counts as assistance (ADR 0660). */
export const useSaveGrants = (id: string) =>
  useClaimChange(id, (grants: ClaimGrantInput[]) => api.put<ClaimView>(`${CLAIMS}/${id}/grants`, { grants }));

export const useOverride = (id: string) =>
  useClaimChange(id, ({ lineId, ...body }: { lineId: string; category: ExpenseCategory; reason: string }) =>
    api.put<ClaimView>(`${CLAIMS}/${id}/lines/${lineId}/category`, body),
  );

/** The file goes as CSV text or as an Excel workbook in base64 (ADR 0661). */
export const previewImport = (id: string, source: 'ledger' | 'payroll', file: ImportFile) =>
  api.post<ImportPreview>(`${CLAIMS}/${id}/import-preview`, { source, ...file });

export function useImport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      ...body
    }: {
      source: 'ledger' | 'payroll';
      file: ImportFile;
      mapping: ImportMapping;
    }) => api.post<ImportResult>(`${CLAIMS}/${id}/imports`, { ...body, ...file }),
    onSuccess: () => client.invalidateQueries({ queryKey: [CLAIMS] }),
  });
}

/** Uploads one evidence file (the uploads module's checks apply); the project keeps its address. */
export const useUploadEvidence = () =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<{ fileUrl: string }>('/api/upload', body);
    },
  });

/** The audit-defence package's address (a ZIP, ADR 0470). */
export const auditPackageUrl = (id: string) => `${CLAIMS}/${id}/audit-package`;

const draftsKey = (id: string) => narrativeDraftsQuery(id).queryKey;

/** Paid work: a double click or a retried request is one charge. */
export function useStartNarrativeDraft(id: string) {
  const client = useQueryClient();
  return usePaidMutation<string, NarrativeDraft>({
    request: (projectId) => ({ path: `${CLAIMS}/${id}/projects/${projectId}/narrative-drafts` }),
    onSuccess: () => client.invalidateQueries({ queryKey: draftsKey(id) }),
  });
}

export function useDismissNarrativeDraft(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => api.post(`${CLAIMS}/${id}/narrative-drafts/${draftId}/dismiss`),
    onSuccess: () => client.invalidateQueries({ queryKey: draftsKey(id) }),
  });
}
