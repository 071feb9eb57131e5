import type {
  AdminCreditRequest,
  AdminRefundRequest,
  CreditRequest,
  CheckoutStatus,
  Pricing,
  Purchase,
} from '@grantleaf/shared/payments.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// Billing's reads (ADR 1080): typed casts. Prices, purchases and the admin lists are display lists;
// the checkout status is the one a page branches on ('paid' or not), but this file is read by the
// dashboard's buy-credits dialog host, which paints without zod (ADR 190), and parsing it is left.

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

export interface PayoutLine {
  affiliateUserId: string;
  name: string;
  email: string;
  currency: string;
  payableCents: number;
  heldCents: number;
  commissions: number;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  credits: number;
  emailVerified: boolean;
  isAdmin: boolean;
}

/** GET /api/credit-packs: public, cached for the session (prices change with a deploy, not a click). */
export function pricingQuery() {
  return queryOptions({
    queryKey: ['/api/credit-packs'],
    queryFn: () => api.get<Pricing>('/api/credit-packs'),
    staleTime: Infinity,
  });
}

/** Polls a checkout until the webhook has credited it (the result page stops polling itself after a while). */
export function checkoutStatusQuery(checkoutId: string | null, polling: boolean) {
  return queryOptions({
    queryKey: ['/api/payments/checkout', checkoutId],
    enabled: Boolean(checkoutId),
    queryFn: () => api.get<CheckoutStatus>(`/api/payments/checkout/${checkoutId}`),
    refetchInterval: (query) => (polling && query.state.data?.status !== 'paid' ? 1500 : false),
  });
}

export function purchasesQuery(enabled = true) {
  return queryOptions({
    queryKey: ['/api/payments'],
    enabled,
    queryFn: async () => (await api.get<{ purchases: Purchase[] }>('/api/payments')).purchases,
  });
}

export function adminPaymentsQuery(
  enabled: boolean,
  filter: { query: string; status: 'all' | 'paid' | 'refunded' },
) {
  return queryOptions({
    queryKey: ['/api/admin/payments', filter],
    enabled,
    queryFn: async () =>
      (await api.get<{ payments: AdminPayment[] }>(`/api/admin/payments?${new URLSearchParams(filter)}`))
        .payments,
  });
}

export function refundRequestsQuery(enabled: boolean, status: 'pending' | 'approved' | 'declined' | 'all') {
  return queryOptions({
    queryKey: ['/api/admin/refund-requests', status],
    enabled,
    queryFn: async () =>
      (await api.get<{ requests: AdminRefundRequest[] }>(`/api/admin/refund-requests?status=${status}`))
        .requests,
  });
}

export function payoutsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/admin/affiliate-payouts'],
    enabled,
    queryFn: async () => (await api.get<{ payouts: PayoutLine[] }>('/api/admin/affiliate-payouts')).payouts,
  });
}

export function adminUsersQuery(enabled: boolean, query: string) {
  return queryOptions({
    queryKey: ['/api/admin/users', query],
    enabled,
    queryFn: async () =>
      (await api.get<{ users: AdminUserRow[] }>(`/api/admin/users?query=${encodeURIComponent(query)}`)).users,
  });
}

export function ownCreditRequestsQuery(enabled = true) {
  return queryOptions({
    queryKey: ['/api/credit-requests'],
    enabled,
    queryFn: async () => (await api.get<{ requests: CreditRequest[] }>('/api/credit-requests')).requests,
  });
}

export function adminCreditRequestsQuery(status: 'pending' | 'approved' | 'declined' | 'all') {
  return queryOptions({
    queryKey: ['/api/admin/credit-requests', status],
    queryFn: async () =>
      (await api.get<{ requests: AdminCreditRequest[] }>(`/api/admin/credit-requests?status=${status}`))
        .requests,
  });
}
