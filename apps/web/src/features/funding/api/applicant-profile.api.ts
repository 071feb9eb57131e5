import type {
  ApplicantProfileInput,
  ApplicantProfileResponse,
} from '@grantleaf/shared/applicant-profile.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { applicantProfileQuery } from './funding.queries.ts';

/** PUT /api/applicant-profile: replaces the whole profile. */
export function useSaveApplicantProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicantProfileInput) =>
      api.put<ApplicantProfileResponse>('/api/applicant-profile', input),
    onSuccess: (saved) => queryClient.setQueryData(applicantProfileQuery().queryKey, saved),
  });
}
