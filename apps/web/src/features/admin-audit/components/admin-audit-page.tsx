import { AUDIT_ACTION_LABELS } from '@grantleaf/shared/account.schema';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import { NotAuthorised } from '../../../components/not-authorised.tsx';
import '../../../i18n/admin-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { auditLogQuery } from '../api/admin-audit.queries.ts';
import { useInfiniteQuery } from '@tanstack/react-query';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-2 align-top text-sm text-slate-900';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/audit: every staff access to a user's documents (privacy policy §6). Read-only. */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const [subjectInput, setSubjectInput] = useState('');
  const [subject, setSubject] = useState('');
  const log = useInfiniteQuery(auditLogQuery(isAdmin, subject));

  if (!isAdmin) {
    return <NotAuthorised />;
  }

  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const subjectInvalid = subjectInput.trim() !== '' && !UUID.test(subjectInput.trim());
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('adminAudit.title')}</h1>
        <Link to="/dashboard" className="text-sm font-medium text-brand-800 underline">
          {t('adminPages.back')}
        </Link>
      </div>
      <p className="text-sm text-slate-700">{t('adminAudit.intro')}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!subjectInvalid) setSubject(subjectInput.trim());
        }}
      >
        <div className="w-full min-w-0 sm:w-auto">
          <label htmlFor="audit-subject" className="block text-sm font-medium text-slate-900">
            {t('adminAudit.userId')}
          </label>
          <input
            id="audit-subject"
            value={subjectInput}
            onChange={(e) => setSubjectInput(e.target.value)}
            aria-invalid={subjectInvalid}
            aria-describedby={subjectInvalid ? 'audit-subject-error' : undefined}
            className="mt-1 w-96 max-w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            placeholder="00000000-0000-0000-0000-000000000000"
          />
          {subjectInvalid && (
            <p id="audit-subject-error" className="mt-1 text-sm text-red-700">
              {t('adminAudit.enterUserId')}
            </p>
          )}
        </div>
        <button type="submit" className={buttonClass()}>
          {t('adminAudit.filter')}
        </button>
      </form>
      <Card className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('adminAudit.entries')}>
        {log.isLoading ? (
          <p className="p-4 text-sm text-slate-700">{t('common.loading')}</p>
        ) : log.isError ? (
          <p className="p-4 text-sm text-red-700">{t('adminAudit.failed', { message: log.error.message })}</p>
        ) : entries.length === 0 ? (
          <p className="p-4 text-sm text-slate-700">{t('adminAudit.none')}</p>
        ) : (
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th className={th}>{t('adminAudit.time')}</th>
                <th className={th}>{t('adminAudit.staff')}</th>
                <th className={th}>{t('adminAudit.user')}</th>
                <th className={th}>{t('adminAudit.action')}</th>
                <th className={th}>{t('adminAudit.object')}</th>
                <th className={th}>{t('adminAudit.requestId')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-row">
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
                  <td className={td}>{entry.actorEmail ?? entry.actorId ?? '—'}</td>
                  <td className={td}>{entry.subjectEmail ?? entry.subjectUserId ?? '—'}</td>
                  <td className={td}>
                    {translateMessage(AUDIT_ACTION_LABELS[entry.action] ?? entry.action)}
                  </td>
                  {/* Stored identifiers (a record's type and id, an API route), not words: code. */}
                  <td className={`${td} font-mono text-xs`}>
                    <code>
                      {entry.objectType} {entry.objectId}
                    </code>
                  </td>
                  <td className={`${td} font-mono text-xs`}>
                    <code>{entry.requestId ?? '—'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {log.hasNextPage && (
        <button
          type="button"
          className={buttonClass()}
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? t('common.loading') : t('adminAudit.older')}
        </button>
      )}
    </main>
  );
}
