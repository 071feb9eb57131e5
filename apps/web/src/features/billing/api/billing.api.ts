import type {
  CreditRequest,
  CreditRequestDecision,
  CreditRequestInput,
  CheckoutRequest,
  Purchase,
  RefundDecision,
  RefundRequestInput,
} from '@grantleaf/shared/payments.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';

/** Opens Stripe's hosted checkout; a double click on one pack opens one session, not two. */
export function useStartCheckout() {
  return usePaidMutation<CheckoutRequest, { checkoutId: string; url: string }>({
    request: (input) => ({ path: '/api/payments/checkout', body: input }),
  });
}

export function useRequestRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, input }: { paymentId: string; input: RefundRequestInput }) =>
      api.post<Purchase>(`/api/payments/${paymentId}/refund-request`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/payments'] }),
  });
}

export function useDecideRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: RefundDecision }) =>
      api.post<{ status: string; creditsRemoved: number }>(
        `/api/admin/refund-requests/${id}/decision`,
        decision,
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/api/admin/refund-requests'] });
      void client.invalidateQueries({ queryKey: ['/api/admin/payments'] });
    },
  });
}

export function useMarkPayoutPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { affiliateUserId: string; currency: string }) =>
      api.post<{ count: number; cents: number }>('/api/admin/affiliate-payouts', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/admin/affiliate-payouts'] }),
  });
}

export function useChangeCredits() {
  const client = useQueryClient();
  // A retried request applies once; once applied, the same change again is a second change.
  return usePaidMutation<{ userId: string; amount: number; reason: string }, unknown>({
    request: ({ userId, amount, reason }) => ({
      path: `/api/admin/users/${userId}/credits`,
      body: { amount, reason },
    }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/admin/users'] }),
  });
}

// --- credit requests (issue 28 §2): credits where card payments are off, invoices for organisations ---

export function useCreateCreditRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditRequestInput) => api.post<CreditRequest>('/api/credit-requests', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/credit-requests'] }),
  });
}

export function useDecideCreditRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: CreditRequestDecision }) =>
      api.post<CreditRequest>(`/api/admin/credit-requests/${id}/decision`, decision),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/admin/credit-requests'] }),
  });
}
