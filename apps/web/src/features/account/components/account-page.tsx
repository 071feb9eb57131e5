import { accountDeletionRequestSchema } from '@grantleaf/shared/account.schema';
import { RETENTION_PROMISE_DAYS } from '@grantleaf/shared/constants';
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
import { messageOf } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { useDeleteAccount } from '../api/account.api.ts';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { formatCreditAmount } from '../../../lib/format-number.ts';
import '../../../i18n/account-catalogue.ts';
import { currentLanguage, t as translate, translateMessage, useTranslation } from '../../../i18n/index.ts';
import { creditLedgerQuery } from '../api/account.queries.ts';
import { useQuery } from '@tanstack/react-query';
import { LEDGER_PAGE_SIZE } from '../api/account.queries.ts';

export function describeLedgerEntry(
  entry: Pick<LedgerEntry, 'reason' | 'reference' | 'note'> & Partial<Pick<LedgerEntry, 'work'>>,
): string {
  const label = ledgerLabel(ledgerReasonLabel(entry));
  return entry.note ? `${label}: ${entry.note}` : label;
}

/**
 * The shared label in the interface's language: fixed labels through fr.messages.json, and the
 * one built around the work ("Refund: Research idea failed") from its parts.
 */
function ledgerLabel(label: string): string {
  if (currentLanguage() === 'en') return label;
  const refund = /^Refund: (.+) failed$/.exec(label);
  return refund
    ? translate('account.history.refundOf', { work: translateMessage(refund[1]!) })
    : translateMessage(label);
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
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatCreditAmount(Math.abs(amount))}`;

function CreditHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useQuery(creditLedgerQuery(page));
  const pageCount = Math.max(1, Math.ceil((ledger.data?.total ?? 0) / LEDGER_PAGE_SIZE));
  const th = 'px-4 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
  return (
    // Focusable and named, so a keyboard user can scroll the table on a phone (axe: scrollable-region-focusable).
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={t('account.history.label')}>
      {ledger.isLoading ? (
        <p className="text-sm text-slate-700">{t('account.history.loading')}</p>
      ) : ledger.isError ? (
        <p className="text-sm text-red-700">
          {t('account.history.failed', { message: ledger.error.message })}
        </p>
      ) : !ledger.data?.entries.length ? (
        <p className="text-sm text-slate-700">{t('account.history.empty')}</p>
      ) : (
        <>
          <table
            className={`min-w-full divide-y divide-slate-200 ${stacked.table}`}
            aria-label={t('account.history.label')}
          >
            <thead className={`bg-slate-50 ${stacked.head}`}>
              <tr>
                <th className={th}>{t('account.history.date')}</th>
                <th className={th}>{t('account.history.description')}</th>
                <th className={`${th} text-right`}>{t('account.history.credits')}</th>
              </tr>
            </thead>
            <tbody className={`divide-y divide-slate-100 text-sm text-slate-900 ${stacked.body}`}>
              {ledger.data.entries.map((entry) => (
                <tr key={entry.id} data-testid="ledger-row" className={stacked.row}>
                  <td
                    data-label={t('account.history.date')}
                    className={`whitespace-nowrap px-4 py-2 ${stacked.cell}`}
                  >
                    {formatDateTime(entry.createdAt)}
                  </td>
                  <td data-label={t('account.history.description')} className={`px-4 py-2 ${stacked.cell}`}>
                    <LedgerDescription entry={entry} />
                  </td>
                  <td
                    data-label={t('account.history.credits')}
                    className={`whitespace-nowrap px-4 py-2 text-right font-medium ${entry.amount < 0 ? 'text-red-800' : 'text-green-800'} ${stacked.cell}`}
                  >
                    {signed(entry.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label={t('account.history.label')} page={page} pageCount={pageCount} setPage={setPage} />
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
  const { t } = useTranslation();
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
        toast.success(t('account.delete.deleted'), {
          description: t('account.delete.removedBy', { date: formatDate(result.purgeBy) }),
        });
      },
      onError: (err) =>
        form.show({
          password: messageOf(err, t('account.delete.unable')),
        }),
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('account.delete.dialogTitle')}
      description={t('account.delete.dialogDescription')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          <li>{t('account.delete.signedOut')}</li>
          <li>{t('account.delete.unreachable')}</li>
          <li>{t('account.delete.removed', { days: RETENTION_PROMISE_DAYS })}</li>
          <li>{t('account.delete.creditsLost')}</li>
        </ul>
        <FormField label={t('account.delete.password')} {...form.slot('password')}>
          <Input {...form.input('password')} type="password" autoComplete="current-password" />
        </FormField>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)} disabled={remove.isPending}>
            {t('account.delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? t('account.delete.deleting') : t('account.delete.confirm')}
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
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  if (!user) {
    return <SignInRequired message={t('account.signIn')} />;
  }

  async function exportData() {
    setExporting(true);
    const outcome = await downloadFile('/api/account/export', 'grantleaf-export.zip');
    setExporting(false);
    if (outcome === 'ok') toast.success(t('account.data.downloading'));
    else
      toast.error(outcome === 'failed' ? t('account.data.failed') : t('account.data.error'), {
        description: t('account.data.retry'),
      });
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900">{t('account.title')}</h1>
          <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
            {t('account.back')}
          </Link>
        </div>
        {verification}

        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('account.profile')}</h2>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700">{t('account.name')}</dt>
            <dd className="text-slate-900">{user.name || '—'}</dd>
            <dt className="font-medium text-slate-700">{t('account.email')}</dt>
            <dd className="text-slate-900">
              {user.email}{' '}
              <span
                className={`ml-2 rounded-full px-2 py-0.5 text-xs font-medium ${user.emailVerified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
              >
                {user.emailVerified ? t('account.verified') : t('account.notVerified')}
              </span>
            </dd>
            <dt className="font-medium text-slate-700">{t('account.phone')}</dt>
            <dd className="text-slate-900">{user.phone || '—'}</dd>
          </dl>
        </Card>

        {applicantProfile}

        <Card className="p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{t('account.credits')}</h2>
            <p className="text-sm text-slate-800">
              {t('account.balance')}{' '}
              <span className="font-semibold" data-testid="account-balance">
                {formatCreditAmount(user.credits)}
              </span>
            </p>
          </div>
          <CreditHistory />
        </Card>

        {purchases}

        <ChangePasswordCard userInputs={[user.email, user.name]} />

        <SessionsCard />

        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('account.alerts.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('account.alerts.body')}</p>
          <Link to="/alerts" className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
            {t('account.alerts.link')}
          </Link>
        </Card>

        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('account.data.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('account.data.body')}</p>
          <Button className="mt-4" variant="secondary" onClick={() => void exportData()} disabled={exporting}>
            {exporting ? t('account.data.preparing') : t('account.data.download')}
          </Button>
        </Card>

        <Card className="border-red-200 p-6">
          <h2 className="text-lg font-semibold text-red-900">{t('account.delete.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">
            {t('account.delete.body', { days: RETENTION_PROMISE_DAYS })}
          </p>
          <Button className="mt-4" variant="danger" onClick={() => setDeleting(true)}>
            {t('account.delete.button')}
          </Button>
        </Card>
      </main>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
