import type {
  AdminCreditRequest,
  AdminRefundRequest,
  CreditRequest,
  CreditRequestDecision,
  CreditRequestInput,
  CheckoutRequest,
  CheckoutStatus,
  Pricing,
  Purchase,
  RefundDecision,
  RefundRequestInput,
} from '@grantleaf/shared/payments.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';

/** GET /api/credit-packs: public, cached for the session (prices change with a deploy, not a click). */
export function usePricing() {
  return useQuery({
    queryKey: ['/api/credit-packs'],
    queryFn: () => api.get<Pricing>('/api/credit-packs'),
    staleTime: Infinity,
  });
}

/** Opens Stripe's hosted checkout; a double click on one pack opens one session, not two. */
export function useStartCheckout() {
  return usePaidMutation<CheckoutRequest, { checkoutId: string; url: string }>({
    request: (input) => ({ path: '/api/payments/checkout', body: input }),
  });
}

/** Polls a checkout until the webhook has credited it (the result page stops polling itself after a while). */
export function useCheckoutStatus(checkoutId: string | null, polling: boolean) {
  return useQuery({
    queryKey: ['/api/payments/checkout', checkoutId],
    enabled: Boolean(checkoutId),
    queryFn: () => api.get<CheckoutStatus>(`/api/payments/checkout/${checkoutId}`),
    refetchInterval: (query) => (polling && query.state.data?.status !== 'paid' ? 1500 : false),
  });
}

export function usePurchases(enabled = true) {
  return useQuery({
    queryKey: ['/api/payments'],
    enabled,
    queryFn: async () => (await api.get<{ purchases: Purchase[] }>('/api/payments')).purchases,
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

export interface AdminPayment {
  id: string;
  user: { id: string; name: string; email: string };
  packId: string | null;
  credits: number;
  amountCents: number;
  taxCents: number | null;
  currency: string;
  source: 'stripe' | 'manual';
  createdAt: string;
  refundedAt: string | null;
}

export function useAdminPayments(
  enabled: boolean,
  filter: { query: string; status: 'all' | 'paid' | 'refunded' },
) {
  return useQuery({
    queryKey: ['/api/admin/payments', filter],
    enabled,
    queryFn: async () =>
      (await api.get<{ payments: AdminPayment[] }>(`/api/admin/payments?${new URLSearchParams(filter)}`))
        .payments,
  });
}

export function useRefundRequests(enabled: boolean, status: 'pending' | 'approved' | 'declined' | 'all') {
  return useQuery({
    queryKey: ['/api/admin/refund-requests', status],
    enabled,
    queryFn: async () =>
      (await api.get<{ requests: AdminRefundRequest[] }>(`/api/admin/refund-requests?status=${status}`))
        .requests,
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

export interface PayoutLine {
  affiliateUserId: string;
  name: string;
  email: string;
  currency: string;
  payableCents: number;
  heldCents: number;
  commissions: number;
}

export function usePayouts(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/affiliate-payouts'],
    enabled,
    queryFn: async () => (await api.get<{ payouts: PayoutLine[] }>('/api/admin/affiliate-payouts')).payouts,
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

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  credits: number;
  emailVerified: boolean;
  isAdmin: boolean;
}

export function useAdminUsers(enabled: boolean, query: string) {
  return useQuery({
    queryKey: ['/api/admin/users', query],
    enabled,
    queryFn: async () =>
      (await api.get<{ users: AdminUserRow[] }>(`/api/admin/users?query=${encodeURIComponent(query)}`)).users,
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

export function useOwnCreditRequests(enabled = true) {
  return useQuery({
    queryKey: ['/api/credit-requests'],
    enabled,
    queryFn: async () => (await api.get<{ requests: CreditRequest[] }>('/api/credit-requests')).requests,
  });
}

export function useCreateCreditRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditRequestInput) => api.post<CreditRequest>('/api/credit-requests', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/credit-requests'] }),
  });
}

export function useAdminCreditRequests(status: 'pending' | 'approved' | 'declined' | 'all') {
  return useQuery({
    queryKey: ['/api/admin/credit-requests', status],
    queryFn: async () =>
      (await api.get<{ requests: AdminCreditRequest[] }>(`/api/admin/credit-requests?status=${status}`))
        .requests,
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
