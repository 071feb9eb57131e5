import type {
  ApplicantProfileInput,
  ApplicantProfileResponse,
} from '@grantleaf/shared/applicant-profile.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const APPLICANT_PROFILE_KEY = ['/api/applicant-profile'] as const;

/** GET /api/applicant-profile: the stated facts (null before the first save) and what the account suggests. */
export function useApplicantProfile(enabled = true) {
  return useQuery({
    queryKey: APPLICANT_PROFILE_KEY,
    enabled,
    queryFn: () => api.get<ApplicantProfileResponse>('/api/applicant-profile'),
  });
}

/** PUT /api/applicant-profile: replaces the whole profile. */
export function useSaveApplicantProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicantProfileInput) =>
      api.put<ApplicantProfileResponse>('/api/applicant-profile', input),
    onSuccess: (saved) => queryClient.setQueryData(APPLICANT_PROFILE_KEY, saved),
  });
}
