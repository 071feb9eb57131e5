import { NotAuthorised } from '../../../components/not-authorised.tsx';
import { adminCreditChangeSchema } from '@grantleaf/shared/credits.schema';
import {
  formatMoney,
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
import {
  useAdminCreditRequests,
  useAdminPayments,
  useDecideCreditRequest,
  useAdminUsers,
  useChangeCredits,
  useDecideRefund,
  useMarkPayoutPaid,
  usePayouts,
  useRefundRequests,
  type AdminUserRow,
} from '../api/billing.api.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-2 align-top text-sm text-slate-900';
const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm';
const failureText = (error: unknown) => (error ? messageOf(error, 'Something went wrong') : null);
/** The decision is the button pressed; the note is what the form checks before either. */
const refundNoteSchema = refundDecisionSchema.pick({ note: true });

function CreditsSection() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const users = useAdminUsers(true, search);
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
      <h2 className="text-lg font-semibold text-slate-900">Grant or remove credits</h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="billing-user-search" className="block text-sm font-medium text-slate-900">
            Find a user (name or e-mail)
          </label>
          <input
            id="billing-user-search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={input}
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <ul className="divide-y divide-slate-200" aria-label="Users">
        {users.data?.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-words text-sm text-slate-900">
              {u.name} · {u.email} · {u.credits.toFixed(1)} credits
            </span>
            <Button
              size="sm"
              variant={selected?.id === u.id ? 'primary' : 'secondary'}
              onClick={() => setSelected(u)}
            >
              {selected?.id === u.id ? 'Selected' : 'Select'}
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
                    `${parsed.data.amount > 0 ? 'Added' : 'Removed'} ${Math.abs(parsed.data.amount).toFixed(1)} credits for ${selected.email}.`,
                  );
                  form.reset();
                },
              },
            );
          }}
        >
          <p className="text-sm text-slate-800">
            Changing the balance of <span className="font-medium">{selected.email}</span> (negative removes).
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={form.field('amount').id} className="block text-sm font-medium text-slate-900">
                Credits
              </label>
              <input {...form.input('amount')} inputMode="decimal" className={input} />
              <FieldError id={form.errorId('amount')}>{form.errors.amount}</FieldError>
            </div>
            <div>
              <label htmlFor={form.field('reason').id} className="block text-sm font-medium text-slate-900">
                Reason (kept in the ledger)
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
            Apply
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
          Decline
        </Button>
      </div>
    </>
  );
}

function RefundRow({ request }: { request: AdminRefundRequest }) {
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
        Bought {request.purchase.credits.toFixed(1)} credits for{' '}
        {formatMoney(request.purchase.amountCents, request.purchase.currency)} on{' '}
        {formatDate(request.purchase.createdAt)}; since then spent {request.usage.creditsSpent.toFixed(1)}{' '}
        credits on {request.usage.paidJobs} paid jobs; balance {request.user.balance.toFixed(1)}. Hours spent:{' '}
        {request.hoursSpent}.
      </p>
      {request.comment && <p className="text-sm italic text-slate-700">“{request.comment}”</p>}
      {request.status === 'pending' ? (
        <div className="space-y-2">
          <label htmlFor={form.field('note').id} className="block text-sm font-medium text-slate-900">
            Note to the user
          </label>
          <input {...form.input('note')} className={input} />
          <FieldError id={form.errorId('note')}>{form.errors.note}</FieldError>
          <Decision approve="Approve and refund" decide={decide} onDecide={submit} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {request.status === 'approved' ? 'Approved' : 'Declined'}
          {request.note ? `: ${request.note}` : ''}
        </p>
      )}
    </li>
  );
}

/** Issue 28 §2: a user's request for credits (or an invoice), approved with an amount or declined. */
function CreditRequestRow({ request }: { request: AdminCreditRequest }) {
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
          ? `Invoice for ${request.credits} credits to ${request.organisation}${request.purchaseOrder ? `, purchase order ${request.purchaseOrder}` : ''}`
          : `Asks for ${request.credits} credits`}{' '}
        on {formatDate(request.createdAt)}; balance {request.user.balance.toFixed(1)}
        {request.user.emailVerified ? '' : ' (address not verified)'}.
      </p>
      {request.message && <p className="text-sm italic text-slate-700">“{request.message}”</p>}
      {request.status === 'pending' ? (
        <div className="space-y-2">
          <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
            <div>
              <label htmlFor={ids.credits} className="block text-sm font-medium text-slate-900">
                Credits to add
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
                Note to the user (optional)
              </label>
              <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} className={input} />
            </div>
          </div>
          {!valid && <p className="text-sm text-red-700">Enter whole credits from 1 to 500.</p>}
          <Decision
            approve={`Approve and add ${valid ? amount : ''} credits`}
            canApprove={valid}
            decide={decide}
            onDecide={submit}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {request.status === 'approved' ? `Approved: ${request.granted ?? 0} credits added` : 'Declined'}
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
  const [status, setStatus] = useState<RequestStatus>('pending');
  const requests = useRows(status);
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <label className="text-sm text-slate-900">
          Show{' '}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus)}
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="declined">Declined</option>
            <option value="all">All</option>
          </select>
        </label>
      </div>
      {requests.data?.length === 0 && <p className="mt-3 text-sm text-slate-700">{empty}</p>}
      <ul className="divide-y divide-slate-200">{requests.data?.map(row)}</ul>
    </Card>
  );
}

const useRefundRows = (status: RequestStatus) => useRefundRequests(true, status);

function PaymentsSection() {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<{ query: string; status: 'all' | 'paid' | 'refunded' }>({
    query: '',
    status: 'all',
  });
  const payments = useAdminPayments(true, filter);
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Payments</h2>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, query: query.trim() }));
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="payments-query" className="block text-sm font-medium text-slate-900">
            User or reference
          </label>
          <input
            id="payments-query"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={input}
          />
        </div>
        <label className="text-sm text-slate-900">
          Status{' '}
          <select
            value={filter.status}
            onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as typeof f.status }))}
            className="rounded-md border border-slate-300 px-2 py-2"
          >
            <option value="all">All</option>
            <option value="paid">Paid</option>
            <option value="refunded">Refunded</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Payments list">
        <table className="min-w-full">
          <thead>
            <tr>
              <th className={th}>Date</th>
              <th className={th}>User</th>
              <th className={th}>Credits</th>
              <th className={th}>Amount</th>
              <th className={th}>Source</th>
              <th className={th}>Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {payments.data?.map((p) => (
              <tr key={p.id}>
                <td className={td}>{formatDate(p.createdAt)}</td>
                <td className={td}>{p.user.email}</td>
                <td className={td}>{p.credits.toFixed(1)}</td>
                <td className={td}>
                  {formatMoney(p.amountCents, p.currency)}
                  {p.taxCents ? ` + ${formatMoney(p.taxCents, p.currency)} tax` : ''}
                </td>
                <td className={td}>{p.source === 'stripe' ? 'Stripe' : 'Manual'}</td>
                <td className={td}>{p.refundedAt ? `Refunded ${formatDate(p.refundedAt)}` : 'Paid'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {payments.data?.length === 0 && <p className="mt-3 text-sm text-slate-700">No payments match.</p>}
      </div>
    </Card>
  );
}

function PayoutsSection() {
  const payouts = usePayouts(true);
  const mark = useMarkPayoutPaid();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Affiliate payouts</h2>
      <p className="mt-1 text-sm text-slate-700">
        Commissions become payable 30 days after the payment (the guarantee window). Pay outside Grantleaf,
        then mark them paid here.
      </p>
      {payouts.data?.length === 0 && <p className="mt-3 text-sm text-slate-700">No open commissions.</p>}
      <ul className="mt-3 divide-y divide-slate-200">
        {payouts.data?.map((p) => (
          <li
            key={`${p.affiliateUserId}-${p.currency}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <span className="min-w-0 break-words text-sm text-slate-900">
              {p.name} · {p.email}: payable {formatMoney(p.payableCents, p.currency)}, pending or held{' '}
              {formatMoney(p.heldCents, p.currency)}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={p.payableCents === 0 || mark.isPending}
              onClick={() => mark.mutate({ affiliateUserId: p.affiliateUserId, currency: p.currency })}
            >
              Mark {formatMoney(p.payableCents, p.currency)} paid
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
  useEffect(() => {
    document.title = 'Billing · Grantleaf admin';
  }, []);
  if (!user?.isAdmin) {
    return <NotAuthorised />;
  }
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Billing</h1>
        <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
          Back to dashboard
        </Link>
      </div>
      <RequestsCard
        title="Credit requests"
        empty="No credit requests."
        useRows={useAdminCreditRequests}
        row={(r) => <CreditRequestRow key={r.id} request={r} />}
      />
      <CreditsSection />
      <RequestsCard
        title="Refund requests"
        empty="No refund requests."
        useRows={useRefundRows}
        row={(r) => <RefundRow key={r.id} request={r} />}
      />
      <PaymentsSection />
      <PayoutsSection />
    </main>
  );
}
