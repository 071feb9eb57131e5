import { accountDeletionRequestSchema } from '@grantleaf/shared/account.schema';
import { formatCredits, RETENTION_PROMISE_DAYS } from '@grantleaf/shared/constants';
import type { LedgerEntry } from '@grantleaf/shared/credits.schema';
import { ledgerReasonLabel } from '@grantleaf/shared/paid-work';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { stacked } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { FormField, Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { LEDGER_PAGE_SIZE, useCreditLedger, useDeleteAccount } from '../api/account.api.ts';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';

export function describeLedgerEntry(
  entry: Pick<LedgerEntry, 'reason' | 'reference' | 'note'> & Partial<Pick<LedgerEntry, 'work'>>,
): string {
  const label = ledgerReasonLabel(entry);
  return entry.note ? `${label}: ${entry.note}` : label;
}

/** A ledger row's description, linked to the work it paid for when that still exists (issue 28 §5). */
function LedgerDescription({ entry }: { entry: LedgerEntry }) {
  const text = describeLedgerEntry(entry);
  return entry.work?.href ? (
    <Link to={entry.work.href} className="font-medium text-brand-800 underline">
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

const signed = (amount: number) =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatCredits(Math.abs(amount))}`;

function CreditHistory() {
  const [page, setPage] = useState(1);
  const ledger = useCreditLedger(page);
  const pageCount = Math.max(1, Math.ceil((ledger.data?.total ?? 0) / LEDGER_PAGE_SIZE));
  const th = 'px-4 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
  return (
    // Focusable and named, so a keyboard user can scroll the table on a phone (axe: scrollable-region-focusable).
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="Credit history">
      {ledger.isLoading ? (
        <p className="text-sm text-slate-700">Loading...</p>
      ) : ledger.isError ? (
        <p className="text-sm text-red-700">Failed to fetch your credit history: {ledger.error.message}</p>
      ) : !ledger.data?.entries.length ? (
        <p className="text-sm text-slate-700">No credit changes yet.</p>
      ) : (
        <>
          <table
            className={`min-w-full divide-y divide-slate-200 ${stacked.table}`}
            aria-label="Credit history"
          >
            <thead className={`bg-slate-50 ${stacked.head}`}>
              <tr>
                <th className={th}>Date</th>
                <th className={th}>Description</th>
                <th className={`${th} text-right`}>Credits</th>
              </tr>
            </thead>
            <tbody className={`divide-y divide-slate-100 text-sm text-slate-900 ${stacked.body}`}>
              {ledger.data.entries.map((entry) => (
                <tr key={entry.id} data-testid="ledger-row" className={stacked.row}>
                  <td data-label="Date" className={`whitespace-nowrap px-4 py-2 ${stacked.cell}`}>
                    {formatDateTime(entry.createdAt)}
                  </td>
                  <td data-label="Description" className={`px-4 py-2 ${stacked.cell}`}>
                    <LedgerDescription entry={entry} />
                  </td>
                  <td
                    data-label="Credits"
                    className={`whitespace-nowrap px-4 py-2 text-right font-medium ${entry.amount < 0 ? 'text-red-800' : 'text-green-800'} ${stacked.cell}`}
                  >
                    {signed(entry.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label="Credit history" page={page} pageCount={pageCount} setPage={setPage} />
        </>
      )}
    </div>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useSchemaForm({
    schema: accountDeletionRequestSchema,
    initial: { password: '' },
    id: 'delete',
  });
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  function close(next: boolean) {
    if (remove.isPending) return;
    onOpenChange(next);
    if (!next) form.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    remove.mutate(parsed.data, {
      onSuccess: (result) => {
        navigate('/');
        toast.success('Your account has been deleted', {
          description: `Everything you stored with us will be permanently removed by ${formatDate(result.purgeBy)}.`,
        });
      },
      onError: (err) =>
        form.show({
          password:
            (err instanceof ApiError && err.serverMessage) ||
            'Unable to delete your account. Please try again',
        }),
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="This cannot be undone from your side."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          <li>You are signed out on every device at once, and nobody can sign in to this account again.</li>
          <li>
            Your applications, analyses, ideas, tracked applications and uploaded documents stop being
            reachable at once.
          </li>
          <li>
            Everything is permanently removed within {RETENTION_PROMISE_DAYS} days, unless the law requires us
            to keep it.
          </li>
          <li>Credits left on the account are lost. Download your data first if you want a copy.</li>
        </ul>
        <FormField label="Your password" {...form.slot('password')}>
          <Input {...form.input('password')} type="password" autoComplete="current-password" />
        </FormField>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** /account: the profile, the credit history, a copy of all one's data, and deleting the account. */
export function AccountPage({
  purchases,
  verification,
  applicantProfile,
}: {
  purchases?: ReactNode;
  /** The funding feature's applicant profile card (issue 25 §1), composed in app/router.tsx. */
  applicantProfile?: ReactNode;
  /** The auth feature's verification banner: the 403 before paid work sends users here (ADR 0150). */
  verification?: ReactNode;
} = {}) {
  const { data: user } = useCurrentUser();
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  if (!user) {
    return <SignInRequired message="Please log in to manage your account" />;
  }

  async function exportData() {
    setExporting(true);
    const outcome = await downloadFile('/api/account/export', 'grantleaf-export.zip');
    setExporting(false);
    if (outcome === 'ok') toast.success('Your data export is downloading');
    else
      toast.error(outcome === 'failed' ? 'Failed to export your data' : 'Error exporting your data', {
        description: 'Please try again.',
      });
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900">Account</h1>
          <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
            Back to dashboard
          </Link>
        </div>
        {verification}

        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700">Name</dt>
            <dd className="text-slate-900">{user.name || '—'}</dd>
            <dt className="font-medium text-slate-700">Email</dt>
            <dd className="text-slate-900">
              {user.email}{' '}
              <span
                className={`ml-2 rounded-full px-2 py-0.5 text-xs font-medium ${user.emailVerified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
              >
                {user.emailVerified ? 'Verified' : 'Not verified'}
              </span>
            </dd>
            <dt className="font-medium text-slate-700">Phone</dt>
            <dd className="text-slate-900">{user.phone || '—'}</dd>
          </dl>
        </Card>

        {applicantProfile}

        <Card className="p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Credits</h2>
            <p className="text-sm text-slate-800">
              Balance:{' '}
              <span className="font-semibold" data-testid="account-balance">
                {formatCredits(user.credits)}
              </span>
            </p>
          </div>
          <CreditHistory />
        </Card>

        {purchases}

        <ChangePasswordCard userInputs={[user.email, user.name]} />

        <SessionsCard />

        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">Saved searches and alerts</h2>
          <p className="mt-2 text-sm text-slate-700">
            Your saved searches, the programs you follow, and which alert e-mails you receive.
          </p>
          <Link to="/alerts" className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
            Manage saved searches and alerts
          </Link>
        </Card>

        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">Your data</h2>
          <p className="mt-2 text-sm text-slate-700">
            Download everything Grantleaf holds about you as one ZIP file: your profile, applications and
            analyses, ideas, funding searches, tracked applications, credit history and payments, affiliate
            records, the log of staff access to your documents, and the documents you uploaded.
          </p>
          <Button className="mt-4" variant="secondary" onClick={() => void exportData()} disabled={exporting}>
            {exporting ? 'Preparing...' : 'Download my data'}
          </Button>
        </Card>

        <Card className="border-red-200 p-6">
          <h2 className="text-lg font-semibold text-red-900">Delete account</h2>
          <p className="mt-2 text-sm text-slate-700">
            Deleting your account signs you out everywhere and stops all access to your work at once.
            Everything is permanently removed within {RETENTION_PROMISE_DAYS} days.
          </p>
          <Button className="mt-4" variant="danger" onClick={() => setDeleting(true)}>
            Delete account
          </Button>
        </Card>
      </main>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
