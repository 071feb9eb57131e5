import { verificationResponseSchema, type VerificationResponse } from '@grantleaf/shared/auth.schema';
import { queryOptions } from '@tanstack/react-query';
import { api, bodyOf } from '../../../lib/api.ts';

// Apart from auth.api.ts and auth.queries.ts: the schema it parses with stays in the
// verify-email page's own chunk.

/** Spec §2 /verify-email: the server's verdict on a mailed link, or the spec's text when none came. */
export function verifyEmailLinkQuery(token: string | null) {
  return queryOptions<VerificationResponse>({
    queryKey: ['verify-email', token],
    enabled: Boolean(token),
    retry: 0,
    staleTime: Infinity,
    queryFn: async () => {
      try {
        return verificationResponseSchema.parse(
          await api.get(`/api/verify-email?token=${encodeURIComponent(token ?? '')}`),
        );
      } catch (error) {
        // A refusal that still says success: false carries the message to show.
        const refused = verificationResponseSchema.safeParse(bodyOf(error));
        return refused.success
          ? refused.data
          : { success: false, message: 'Verification failed. Please try again.' };
      }
    },
  });
}
