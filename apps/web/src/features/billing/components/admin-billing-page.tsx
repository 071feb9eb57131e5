import { NotAuthorised } from '../../../components/not-authorised.tsx';
import { adminCreditChangeSchema } from '@grantleaf/shared/credits.schema';
import {
  refundDecisionSchema,
  type AdminCreditRequest,
  type AdminRefundRequest,
} from '@grantleaf/shared/payments.schema';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError } from '../../../components/ui/input.tsx';
import { messageOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { formatCents, formatCreditAmount } from '../../../lib/format-number.ts';
import '../../../i18n/admin-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import {
  useDecideCreditRequest,
  useChangeCredits,
  useDecideRefund,
  useMarkPayoutPaid,
} from '../api/billing.api.ts';
import {
  adminPaymentsQuery,
  adminUsersQuery,
  payoutsQuery,
  refundRequestsQuery,
  adminCreditRequestsQuery,
} from '../api/billing.queries.ts';
import { useQuery } from '@tanstack/react-query';
import type { AdminUserRow } from '../api/billing.queries.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-2 align-top text-sm text-slate-900';
const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm';
const failureText = (error: unknown) =>
  error ? messageOf(error, translate('adminBilling.somethingWrong')) : null;
/** The decision is the button pressed; the note is what the form checks before either. */
const refundNoteSchema = refundDecisionSchema.pick({ note: true });

function CreditsSection() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const users = useQuery(adminUsersQuery(true, search));
  const [selected, setSelected] = useState<AdminUserRow | null>(null);
  const form = useSchemaForm({
    schema: adminCreditChangeSchema,
    initial: { amount: '', reason: '' },
    id: 'billing',
    toInput: ({ amount, reason }) => ({
      amount: amount.trim() === '' ? undefined : Number(amount),
      reason,
    }),
  });
  const change = useChangeCredits();
  const [done, setDone] = useState<string | null>(null);
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('adminBilling.grantTitle')}</h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="billing-user-search" className="block text-sm font-medium text-slate-900">
            {t('adminBilling.findUser')}
          </label>
          <input
            id="billing-user-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={input}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('adminBilling.search')}
        </Button>
      </form>
      <ul className="divide-y divide-slate-200" aria-label={t('adminBilling.users')}>
        {users.data?.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-words text-sm text-slate-900">
              {t('adminBilling.userLine', {
                name: u.name,
                email: u.email,
                credits: formatCreditAmount(u.credits),
              })}
            </span>
            <Button
              size="sm"
              variant={selected?.id === u.id ? 'primary' : 'secondary'}
              onClick={() => setSelected(u)}
            >
              {selected?.id === u.id ? t('adminBilling.selected') : t('adminBilling.select')}
            </Button>
          </li>
        ))}
      </ul>
      {selected && (
        <form
          className="space-y-3 rounded-md border border-slate-200 p-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = form.parse({ focus: true });
            if (!parsed.success) return;
            change.mutate(
              { userId: selected.id, ...parsed.data },
              {
                onSuccess: () => {
                  setDone(
                    t(parsed.data.amount > 0 ? 'adminBilling.added' : 'adminBilling.removed', {
                      credits: formatCreditAmount(Math.abs(parsed.data.amount)),
                      email: selected.email,
                    }),
                  );
                  form.reset();
                },
              },
            );
          }}
        >
          <p className="text-sm text-slate-800">
            {t('adminBilling.changingBefore')}
            <span className="font-medium">{selected.email}</span>
            {t('adminBilling.changingAfter')}
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={form.field('amount').id} className="block text-sm font-medium text-slate-900">
                {t('adminBilling.credits')}
              </label>
              <input {...form.input('amount')} inputMode="decimal" className={input} />
              <FieldError id={form.errorId('amount')}>{form.errors.amount}</FieldError>
            </div>
            <div>
              <label htmlFor={form.field('reason').id} className="block text-sm font-medium text-slate-900">
                {t('adminBilling.reason')}
              </label>
              <input {...form.input('reason')} className={input} />
              <FieldError id={form.errorId('reason')}>{form.errors.reason}</FieldError>
            </div>
          </div>
          {failureText(change.error) && (
            <p role="alert" className="text-sm text-red-700">
              {failureText(change.error)}
            </p>
          )}
          {done && (
            <p role="status" className="text-sm text-green-800">
              {done}
            </p>
          )}
          <Button type="submit" disabled={change.isPending}>
            {t('adminBilling.apply')}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** A request's server error and its two buttons; approving may wait on the row's own fields. */
function Decision({
  approve,
  canApprove = true,
  decide,
  onDecide,
}: {
  approve: string;
  canApprove?: boolean;
  decide: { isPending: boolean; error: unknown };
  onDecide: (decision: 'approve' | 'decline') => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failureText(decide.error) && (
        <p role="alert" className="text-sm text-red-700">
          {failureText(decide.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onDecide('approve')} disabled={decide.isPending || !canApprove}>
          {approve}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onDecide('decline')} disabled={decide.isPending}>
          {t('adminBilling.decline')}
        </Button>
      </div>
    </>
  );
}

function RefundRow({ request }: { request: AdminRefundRequest }) {
  const { t } = useTranslation();
  const form = useSchemaForm({ schema: refundNoteSchema, initial: { note: '' }, id: `refund-${request.id}` });
  const decide = useDecideRefund();
  const submit = (decision: 'approve' | 'decline') => {
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    decide.mutate({ id: request.id, decision: { decision, ...parsed.data } });
  };
  return (
    <li className="space-y-2 py-4">
      <p className="text-sm font-medium text-slate-900">
        {request.user.name} · {request.user.email}
      </p>
      <p className="text-sm text-slate-800">
        {t('adminBilling.refundLine', {
          credits: formatCreditAmount(request.purchase.credits),
          amount: formatCents(request.purchase.amountCents, request.purchase.currency),
          date: formatDate(request.purchase.createdAt),
          spent: formatCreditAmount(request.usage.creditsSpent),
          jobs: request.usage.paidJobs,
          balance: formatCreditAmount(request.user.balance),
          hours: request.hoursSpent,
        })}
      </p>
      {request.comment && <p className="text-sm italic text-slate-700">“{request.comment}”</p>}
      {request.status === 'pending' ? (
        <div className="space-y-2">
          <label htmlFor={form.field('note').id} className="block text-sm font-medium text-slate-900">
            {t('adminBilling.noteToUser')}
          </label>
          <input {...form.input('note')} className={input} />
          <FieldError id={form.errorId('note')}>{form.errors.note}</FieldError>
          <Decision approve={t('adminBilling.approveRefund')} decide={decide} onDecide={submit} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {request.note
            ? t('adminBilling.withNote', {
                status: t(request.status === 'approved' ? 'adminBilling.approved' : 'adminBilling.declined'),
                note: request.note,
              })
            : t(request.status === 'approved' ? 'adminBilling.approved' : 'adminBilling.declined')}
        </p>
      )}
    </li>
  );
}

/** Issue 28 §2: a user's request for credits (or an invoice), approved with an amount or declined. */
function CreditRequestRow({ request }: { request: AdminCreditRequest }) {
  const { t } = useTranslation();
  const [credits, setCredits] = useState(String(request.credits));
  const [note, setNote] = useState('');
  const decide = useDecideCreditRequest();
  const amount = Number(credits);
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= 500;
  const submit = (decision: 'approve' | 'decline') =>
    decide.mutate({
      id: request.id,
      decision: { decision, note, ...(decision === 'approve' ? { credits: amount } : {}) },
    });
  const ids = { credits: `credit-request-${request.id}-credits`, note: `credit-request-${request.id}-note` };
  return (
    <li className="space-y-2 py-4" data-testid="credit-request">
      <p className="text-sm font-medium text-slate-900">
        {request.user.name} · {request.user.email}
      </p>
      <p className="text-sm text-slate-800">
        {request.kind === 'invoice'
          ? t('adminBilling.invoice', { credits: request.credits, organisation: request.organisation }) +
            (request.purchaseOrder ? t('adminBilling.purchaseOrder', { po: request.purchaseOrder }) : '')
          : t('adminBilling.asks', { credits: request.credits })}
        {t('adminBilling.requestOn', {
          date: formatDate(request.createdAt),
          balance: formatCreditAmount(request.user.balance),
        })}
        {request.user.emailVerified ? '' : t('adminBilling.notVerified')}.
      </p>
      {request.message && <p className="text-sm italic text-slate-700">“{request.message}”</p>}
      {request.status === 'pending' ? (
        <div className="space-y-2">
          <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
            <div>
              <label htmlFor={ids.credits} className="block text-sm font-medium text-slate-900">
                {t('adminBilling.creditsToAdd')}
              </label>
              <input
                id={ids.credits}
                inputMode="numeric"
                value={credits}
                onChange={(e) => setCredits(e.target.value)}
                aria-invalid={!valid}
                className={input}
              />
            </div>
            <div>
              <label htmlFor={ids.note} className="block text-sm font-medium text-slate-900">
                {t('adminBilling.noteOptional')}
              </label>
              <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} className={input} />
            </div>
          </div>
          {!valid && <p className="text-sm text-red-700">{t('adminBilling.wholeCredits')}</p>}
          <Decision
            approve={t('adminBilling.approveAdd', { credits: valid ? amount : '' })}
            canApprove={valid}
            decide={decide}
            onDecide={submit}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {request.status === 'approved'
            ? t('adminBilling.approvedAdded', { credits: request.granted ?? 0 })
            : t('adminBilling.declined')}
          {request.note ? ` (${request.note})` : ''}
        </p>
      )}
    </li>
  );
}

type RequestStatus = 'pending' | 'approved' | 'declined' | 'all';

/** A card of requests users made (credits, refunds), pending first, with a status filter. */
function RequestsCard<T extends { id: string }>({
  title,
  empty,
  useRows,
  row,
}: {
  title: string;
  empty: string;
  useRows: (status: RequestStatus) => { data?: T[] };
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RequestStatus>('pending');
  const requests = useRows(status);
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <label className="text-sm text-slate-900">
          {t('adminBilling.show')}{' '}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus)}
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            <option value="pending">{t('adminBilling.pending')}</option>
            <option value="approved">{t('adminBilling.approved')}</option>
            <option value="declined">{t('adminBilling.declined')}</option>
            <option value="all">{t('adminBilling.all')}</option>
          </select>
        </label>
      </div>
      {requests.data?.length === 0 && <p className="mt-3 text-sm text-slate-700">{empty}</p>}
      <ul className="divide-y divide-slate-200">{requests.data?.map(row)}</ul>
    </Card>
  );
}

const useRefundRows = (status: RequestStatus) => useQuery(refundRequestsQuery(true, status));
const useCreditRequestRows = (status: RequestStatus) => useQuery(adminCreditRequestsQuery(status));

function PaymentsSection() {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<{ query: string; status: 'all' | 'paid' | 'refunded' }>({
    query: '',
    status: 'all',
  });
  const payments = useQuery(adminPaymentsQuery(true, filter));
  const { t } = useTranslation();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('adminBilling.payments')}</h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, query: query.trim() }));
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="payments-query" className="block text-sm font-medium text-slate-900">
            {t('adminBilling.userOrReference')}
          </label>
          <input
            id="payments-query"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={input}
          />
        </div>
        <label className="text-sm text-slate-900">
          {t('adminBilling.status')}{' '}
          <select
            value={filter.status}
            onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as typeof f.status }))}
            className="rounded-md border border-slate-300 px-2 py-2"
          >
            <option value="all">{t('adminBilling.all')}</option>
            <option value="paid">{t('adminBilling.paid')}</option>
            <option value="refunded">{t('adminBilling.refunded')}</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          {t('adminBilling.filter')}
        </Button>
      </form>
      <div
        className="mt-3 overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={t('adminBilling.paymentsList')}
      >
        <table className="min-w-full">
          <thead>
            <tr>
              <th className={th}>{t('adminBilling.date')}</th>
              <th className={th}>{t('adminBilling.user')}</th>
              <th className={th}>{t('adminBilling.credits')}</th>
              <th className={th}>{t('adminBilling.amount')}</th>
              <th className={th}>{t('adminBilling.source')}</th>
              <th className={th}>{t('adminBilling.status')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {payments.data?.map((p) => (
              <tr key={p.id}>
                <td className={td}>{formatDate(p.createdAt)}</td>
                <td className={td}>{p.user.email}</td>
                <td className={td}>{formatCreditAmount(p.credits)}</td>
                <td className={td}>
                  {formatCents(p.amountCents, p.currency)}
                  {p.taxCents ? t('adminBilling.tax', { tax: formatCents(p.taxCents, p.currency) }) : ''}
                </td>
                <td className={td}>{p.source === 'stripe' ? 'Stripe' : t('adminBilling.manual')}</td>
                <td className={td}>
                  {p.refundedAt
                    ? t('adminBilling.refundedOn', { date: formatDate(p.refundedAt) })
                    : t('adminBilling.paid')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {payments.data?.length === 0 && (
          <p className="mt-3 text-sm text-slate-700">{t('adminBilling.noPayments')}</p>
        )}
      </div>
    </Card>
  );
}

function PayoutsSection() {
  const payouts = useQuery(payoutsQuery(true));
  const mark = useMarkPayoutPaid();
  const { t } = useTranslation();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('adminBilling.payouts')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('adminBilling.payoutsIntro')}</p>
      {payouts.data?.length === 0 && (
        <p className="mt-3 text-sm text-slate-700">{t('adminBilling.noCommissions')}</p>
      )}
      <ul className="mt-3 divide-y divide-slate-200">
        {payouts.data?.map((p) => (
          <li
            key={`${p.affiliateUserId}-${p.currency}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <span className="min-w-0 break-words text-sm text-slate-900">
              {t('adminBilling.payoutLine', {
                name: p.name,
                email: p.email,
                payable: formatCents(p.payableCents, p.currency),
                held: formatCents(p.heldCents, p.currency),
              })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={p.payableCents === 0 || mark.isPending}
              onClick={() => mark.mutate({ affiliateUserId: p.affiliateUserId, currency: p.currency })}
            >
              {t('adminBilling.markPaid', { amount: formatCents(p.payableCents, p.currency) })}
            </Button>
          </li>
        ))}
      </ul>
      {failureText(mark.error) && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failureText(mark.error)}
        </p>
      )}
    </Card>
  );
}

/** /admin/billing: credit requests, credits by hand, payments, refund requests and affiliate payouts (admins only). */
export function AdminBillingPage() {
  const { data: user } = useCurrentUser();
  const { t } = useTranslation();
  const title = t('adminBilling.pageTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (!user?.isAdmin) {
    return <NotAuthorised />;
  }
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('adminBilling.title')}</h1>
        <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
          {t('adminPages.back')}
        </Link>
      </div>
      <RequestsCard
        title={t('adminBilling.creditRequests')}
        empty={t('adminBilling.noCreditRequests')}
        useRows={useCreditRequestRows}
        row={(r) => <CreditRequestRow key={r.id} request={r} />}
      />
      <CreditsSection />
      <RequestsCard
        title={t('adminBilling.refundRequests')}
        empty={t('adminBilling.noRefundRequests')}
        useRows={useRefundRows}
        row={(r) => <RefundRow key={r.id} request={r} />}
      />
      <PaymentsSection />
      <PayoutsSection />
    </main>
  );
}
